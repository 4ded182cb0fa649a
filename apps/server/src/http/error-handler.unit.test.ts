import { describe, expect, it } from 'vitest';
import { describeValidationIssue } from './error-handler.js';

describe('describeValidationIssue', () => {
  it('passes a sentence that starts with its field’s own name through, however deep the field', () => {
    expect(describeValidationIssue({ instancePath: '/is_active', message: 'is_active must be true or false.' })).toBe('is_active must be true or false.');
    expect(describeValidationIssue({ instancePath: '/departments/0/add_page', message: 'add_page must be true or false.' })).toBe(
      'add_page must be true or false.',
    );
    expect(describeValidationIssue({ instancePath: '/limit', message: 'expected number' })).toBe('limit: expected number');
  });

  it('passes the shared schemas’ own sentences through', () => {
    expect(describeValidationIssue({ instancePath: '/display_name', message: 'Display name is required.' })).toBe('Display name is required.');
    expect(describeValidationIssue({ instancePath: '', message: "New Password & Confirm Password don't matched!" })).toBe(
      "New Password & Confirm Password don't matched!",
    );
  });

  it('names the field in front of a stock message', () => {
    expect(describeValidationIssue({ instancePath: '/form_id', message: 'Invalid input: expected number, received string' })).toBe(
      'form_id: Invalid input: expected number, received string',
    );
    expect(describeValidationIssue({ instancePath: '/lines/0/quantity', message: 'Too small: expected number to be >0' })).toBe(
      'lines.0.quantity: Too small: expected number to be >0',
    );
    expect(describeValidationIssue({ message: 'Invalid input' })).toBe('The request is not valid: Invalid input');
  });
});
