/** The signed-in person's profile and password (000 §2 Profile screen). */
export { ChangePasswordDialog } from './change-password-dialog';
export { ChangePasswordFields, useChangePasswordForm } from './change-password-fields';
/** The screen's code loads when it is opened (docs/DESIGN.md, "Web delivery"). */
export const loadProfilePage = () => import('./profile-page');
export { restorePushSubscription } from './push-subscription';
export { rememberSignedInUser, useMeQuery, useNotificationSettingsQuery } from './queries';
