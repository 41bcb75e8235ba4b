import { useId, useState, type FormEvent } from 'react';
import { accountRoutes, fieldOf, readableMessageOf } from '@eyewear/api-client';
import { useApiClient } from '@eyewear/event-bus';
import { useMessages } from '@eyewear/i18n';
import { useNavigate } from '@eyewear/router';
import { messages } from '../../../app/messages';
import '../../../app/cart.css';

const SALESMAN_ID = /^[A-Za-z0-9-]{2,32}$/;

/** Sales-staff (pre-sales) login on this shopper's session; then the presales checkout, whose orders are presales leads. */
export default function PresalesLoginForm() {
  const m = useMessages(messages);
  const api = useApiClient();
  const navigate = useNavigate();
  const id = useId();
  const [salesmanId, setSalesmanId] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!SALESMAN_ID.test(salesmanId.trim())) return setError({ message: m.invalidSalesmanId, field: 'salesmanId' });
    if (!password) return setError({ message: m.enterPassword, field: 'password' });
    setBusy(true);
    setError(null);
    try {
      await api.call(accountRoutes.presalesDualLogin, { body: { salesmanId: salesmanId.trim(), password } });
      navigate('/checkout/onepage/presales');
    } catch (e) {
      // The store's own words (a wrong id or password, a limit), never a raw technical message (issue 42).
      setError({ message: readableMessageOf(e, m.presalesFailed), field: fieldOf(e) });
      setBusy(false);
    }
  };

  return (
    <form className="cc-form" aria-label={m.presalesSubmit} onSubmit={submit} noValidate>
      <div className="cc-field">
        <label htmlFor={`${id}-id`}>{m.salesmanId}</label>
        <input
          id={`${id}-id`}
          value={salesmanId}
          maxLength={32}
          autoComplete="username"
          aria-invalid={error?.field === 'salesmanId'}
          onChange={(e) => setSalesmanId(e.target.value)}
        />
      </div>
      <div className="cc-field">
        <label htmlFor={`${id}-pw`}>{m.password}</label>
        <input
          id={`${id}-pw`}
          type="password"
          maxLength={64}
          value={password}
          autoComplete="current-password"
          aria-invalid={error?.field === 'password'}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      {error ? (
        <p role="alert" className="cc-error cc-field--wide">
          {error.message}
        </p>
      ) : null}
      <div className="cc-field--wide">
        <button type="submit" className="ui-button ui-button--primary" disabled={busy}>
          {busy ? m.presalesSigningIn : m.presalesSubmit}
        </button>
      </div>
    </form>
  );
}
