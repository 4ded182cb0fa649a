import { ATTACHMENT_LIMIT_BYTES, TEXT } from '@ichat/shared';
import { describe, expect, it } from 'vitest';
import { changePasswordProblem } from './password-rules';
import { profilePhotoProblem } from './photo-rules';

describe('changePasswordProblem', () => {
  const filled = { oldPassword: 'old-secret', newPassword: 'new-secret', confirmPassword: 'new-secret' };

  it('asks for every input first', () => {
    expect(changePasswordProblem({ ...filled, oldPassword: '' })).toBe(TEXT.passwordFillInputs);
    expect(changePasswordProblem({ ...filled, confirmPassword: '' })).toBe(TEXT.passwordFillInputs);
  });

  it('then requires new and confirm to match', () => {
    expect(changePasswordProblem({ ...filled, confirmPassword: 'new-secreT' })).toBe(TEXT.passwordMismatch);
  });

  it('passes a complete, matching form', () => {
    expect(changePasswordProblem(filled)).toBeNull();
  });
});

describe('profilePhotoProblem', () => {
  it('accepts a stored image type within the limit, up to the byte', () => {
    expect(profilePhotoProblem({ name: 'me.png', type: 'image/png', size: ATTACHMENT_LIMIT_BYTES })).toBeNull();
  });

  it('names the file and the checked limit when it is too large', () => {
    expect(profilePhotoProblem({ name: 'big.jpg', type: 'image/jpeg', size: ATTACHMENT_LIMIT_BYTES + 1 })).toBe(
      'File big.jpg exceeds 16MB and will not be uploaded.',
    );
  });

  it('refuses other file types and empty files', () => {
    expect(profilePhotoProblem({ name: 'cv.pdf', type: 'application/pdf', size: 10 })).not.toBeNull();
    expect(profilePhotoProblem({ name: 'me.png', type: 'image/png', size: 0 })).not.toBeNull();
  });
});
