/** Who may administer accounts, written once for the server and the web's admin controls. */
import { TEXT } from '../texts.js';
import { refusal, type Verdict } from './refusal.js';

export const ACCOUNT_REFUSALS = {
  deactivateSelf: 'You cannot deactivate your own account.',
  demoteSelf: 'You cannot remove your own admin access.',
} as const;

/** The admin area and its calls: people with admin access only. */
export const canAdminister = (user: { isAdmin: boolean }): Verdict =>
  user.isAdmin ? null : refusal('forbidden', TEXT.permissionDenied);

/** An administrator changes anyone's access but never locks themselves out of it. */
export const canChangeAccess = (
  callerId: number,
  targetId: number,
  changes: { is_active?: boolean | undefined; admin_access?: boolean | undefined },
): Verdict => {
  if (targetId !== callerId) return null;
  if (changes.is_active === false) return refusal('invalid', ACCOUNT_REFUSALS.deactivateSelf);
  if (changes.admin_access === false) return refusal('invalid', ACCOUNT_REFUSALS.demoteSelf);
  return null;
};
