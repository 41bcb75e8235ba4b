import { useMessages } from '@eyewear/i18n';
import { frameMessages as messages } from '../../../app/frame-messages';
import { ForgotForm } from './ForgotForm';
import { ResetForm } from './ResetForm';
import '../../../app/account.css';

/** The body of the password pages: the reset form (with the e-mailed token) or the forgot form. */
export default function PasswordBody({ mode, token }: { mode: 'reset' | 'forgot'; token: string }) {
  const m = useMessages(messages);
  if (mode === 'forgot') return <ForgotForm />;
  return token ? <ResetForm token={token} /> : <p role="alert">{m.missingToken}</p>;
}
