/** The signed-in person's profile and password (000 §2 Profile screen). */
export { ChangePasswordDialog } from './change-password-dialog';
export { ChangePasswordFields, useChangePasswordForm } from './change-password-fields';
export { ProfilePage } from './profile-page';
export { rememberSignedInUser, useMeQuery } from './queries';
