/** What the password pages use of the profile: the change-password form (spec account §5, a reset without a token). */
export { ChangePassword } from './components/ChangePassword';
/** The order page's "Change shipping address" adds an address in place when none suits (issue 42). */
export { AddressForm } from './components/AddressForm';
