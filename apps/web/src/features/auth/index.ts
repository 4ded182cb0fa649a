/** Signing in and out (000 §2 Login screen, Header), and the password change an administrator asks for. */
export { LoginPage, type LoginLocationState } from './login-page';
export { logout } from './mutations';
export { MustChangePasswordPage } from './must-change-password-page';
