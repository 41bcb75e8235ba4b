import { useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { AccountFrame } from '../../../app/account-frame';
import { frameMessages as messages } from '../../../app/frame-messages';
import { ChangePassword } from '../../profile';
import { ForgotForm } from './ForgotForm';
import { ResetForm } from './ResetForm';
import '../../../app/account.css';

/**
 * The body of the password pages: the forgot form; the reset form with the e-mailed token;
 * without a token the change-password form (account §5: oldPassword, newPassword and e-mail),
 * for a signed-in customer, and for anyone the way to a reset link.
 */
export default function PasswordBody({ mode, token }: { mode: 'reset' | 'forgot'; token: string }) {
  const m = useMessages(messages);
  if (mode === 'forgot') return <ForgotForm />;
  if (token) return <ResetForm token={token} />;
  return (
    <>
      <AccountFrame nav={false}>
        <ChangePassword />
      </AccountFrame>
      <p>
        {m.noPasswordHelp} <Link to="/customer/account/forgotpassword">{m.getResetLink}</Link>
      </p>
    </>
  );
}
