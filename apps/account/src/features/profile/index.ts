/** What the password pages use of the profile: the change-password form (spec account §5, a reset without a token). */
export { ChangePassword } from './components/ChangePassword';
