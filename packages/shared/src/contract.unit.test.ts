import { describe, expect, it } from 'vitest';
import { ATTACHMENT_LIMIT_BYTES, MOBILE_BREAKPOINT_PX, TOKEN_LIFETIME_DEFAULT_MS, TOKEN_LIFETIME_REMEMBER_MS } from './constants.js';
import { EREF, erefLine } from './eref.js';
import { changePasswordBodySchema, loginBodySchema, registerBodySchema } from './schemas/accounts.js';
import { attachmentTooLargeText, fileTooLargeText, TEXT } from './texts.js';

describe('the EREF catalogue', () => {
  it('holds the 41 codes of both documents, 00041 shared by offset and transmittal', () => {
    const codes = new Set(Object.values(EREF));
    expect(codes.size).toBe(41);
    for (let code = 1; code <= 41; code += 1) expect(codes.has(String(code).padStart(5, '0') as never)).toBe(true);
    expect(EREF.SUBMIT_OFFSET_FORM_ERROR).toBe(EREF.SUBMIT_TRANSMITTAL_FORM_ERROR);
    expect(EREF.FETCH_USERDATA_ERROR).toBe('00016');
    expect(EREF.PERMISSION_ERROR).toBe('00030');
    expect(erefLine('EMPTY_MESSAGE')).toBe('Please contact support. EREF#00014');
  });
});

describe('constants of section 9', () => {
  it('match the documents', () => {
    expect(TOKEN_LIFETIME_DEFAULT_MS).toBe(7_200_000);
    expect(TOKEN_LIFETIME_REMEMBER_MS).toBe(7 * 24 * 3_600_000);
    expect(ATTACHMENT_LIMIT_BYTES).toBe(16 * 1024 * 1024);
    expect(MOBILE_BREAKPOINT_PX).toBe(1200);
  });

  it('name the same file limit in every text as the check uses', () => {
    expect(fileTooLargeText('plan.pdf', 16)).toBe('File plan.pdf exceeds 16MB and will not be uploaded.');
    expect(attachmentTooLargeText(16)).toBe('File Attachment too large. Max: 16MB');
  });
});

describe('account schemas', () => {
  it('login: blank fields give the blank text; rememberMe defaults to false', () => {
    expect(loginBodySchema.safeParse({ username: ' ', password: 'x' }).error?.issues[0]?.message).toBe(TEXT.loginBlank);
    expect(loginBodySchema.parse({ username: ' maria ', password: 'x' })).toEqual({ username: 'maria', password: 'x', rememberMe: false });
  });

  it('register: trims, checks the email and the username characters', () => {
    const valid = { first_name: ' Rosa ', last_name: 'Lim', email_address: 'rosa@x.test', department: 'Sales', username: 'rosa.lim', password: 'long-enough' };
    expect(registerBodySchema.parse(valid).first_name).toBe('Rosa');
    expect(registerBodySchema.safeParse({ ...valid, username: 'rosa lim' }).success).toBe(false);
    expect(registerBodySchema.safeParse({ ...valid, email_address: 'rosa' }).success).toBe(false);
  });

  it('change password: the new one needs 8 characters', () => {
    expect(changePasswordBodySchema.safeParse({ oldPassword: 'a', newPassword: 'short' }).error?.issues[0]?.message).toBe(
      'New password must be at least 8 characters.',
    );
  });
});
