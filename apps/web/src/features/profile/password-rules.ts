import { TEXT } from '@ichat/shared';

export interface ChangePasswordFields {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Checks of 000 §5, in the order the person would fix them; null when the form may be sent. */
export const changePasswordProblem = (fields: ChangePasswordFields): string | null => {
  if (!fields.oldPassword || !fields.newPassword || !fields.confirmPassword) return TEXT.passwordFillInputs;
  if (fields.newPassword !== fields.confirmPassword) return TEXT.passwordMismatch;
  return null;
};
