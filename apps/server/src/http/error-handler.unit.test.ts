import { describe, expect, it } from 'vitest';
import { describeValidationIssue } from './error-handler.js';

describe('describeValidationIssue', () => {
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
