/** Signing in and out (000 §2 Login screen, Header). */
export { LoginPage, type LoginLocationState } from './login-page';
export { logout } from './mutations';
