/** The signed-in person's profile and password (000 §2 Profile screen). */
export { ChangePasswordDialog } from './change-password-dialog';
export { useChangePasswordMutation } from './mutations';
export { changePasswordProblem } from './password-rules';
export { ProfilePage } from './profile-page';
export { rememberSignedInUser, useMeQuery } from './queries';
