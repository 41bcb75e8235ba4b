/** The login and logout flow, for the popup, the social link page and the account menu. */
export { useAuth, fullPage } from './state/use-auth';
export { loginSucceeded, logoutRequested } from './state/auth-slice';
