/** Signing in and out (000 §2 Login screen, Header), and the password change an administrator asks for. */
/** Each screen's code loads when it is opened (docs/DESIGN.md, "Web delivery"). */
export const loadLoginPage = () => import('./login-page');
export type { LoginLocationState } from './login-page';
export { logout } from './mutations';
export const loadMustChangePasswordPage = () => import('./must-change-password-page');
