import { useState, type FormEvent } from 'react';
import { messageOf, productRoutes } from '@eyewear/api-client';
import type { LoadStatus } from '@eyewear/event-bus';
import { useMessages } from '@eyewear/i18n';
import { isValidEmail } from '@eyewear/i18n/rules';
import { useProductApi } from '../../../app/api';
import { pageMessages } from '../../../app/page-messages';

/** The out-of-stock subscription form ("notify me"). */
export function OutOfStock({ productId }: { productId: number }) {
  const m = useMessages(pageMessages);
  const api = useProductApi();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<{ status: LoadStatus; message?: string }>({ status: 'idle' });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!isValidEmail(email.trim())) {
      setState({ status: 'failed', message: m.emailInvalid });
      return;
    }
    setState({ status: 'loading' });
    try {
      const answer = await api.call(productRoutes.oosSubscription, { params: { id: productId }, body: { email: email.trim() } });
      setState({ status: 'ready', message: answer.result.message ?? m.oosDone });
    } catch (error) {
      setState({ status: 'failed', message: messageOf(error, m.retry) });
    }
  };
  if (state.status === 'ready') return <p role="status">{state.message}</p>;
  return (
    <form className="pdp-inline-form" onSubmit={submit} aria-label={m.oosTitle} noValidate>
      <label>
        {m.oosEmail}
        <input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <button type="submit" className="ui-button" disabled={state.status === 'loading'}>
        {m.oosSubmit}
      </button>
      {state.status === 'failed' ? (
        <p role="alert" className="pdp-error">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
