import { useState, type FormEvent } from 'react';
import { ApiError, productRoutes } from '@eyewear/api-client';
import { useCountry } from '@eyewear/i18n';
import { isValidEmail } from '@eyewear/i18n/rules';
import { productApi } from '../../app/api';
import type { PageMessages } from '../../app/page-messages';

/** The out-of-stock subscription form ("notify me"). */
export function OutOfStock({ productId, m }: { productId: number; m: PageMessages }) {
  const country = useCountry();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<{ status: 'idle' | 'sending' | 'done' | 'failed'; message?: string }>({ status: 'idle' });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!isValidEmail(email.trim())) {
      setState({ status: 'failed', message: m.emailInvalid });
      return;
    }
    setState({ status: 'sending' });
    try {
      const answer = await productApi(country).call(productRoutes.oosSubscription, { params: { id: productId }, body: { email: email.trim() } });
      setState({ status: 'done', message: answer.result.message ?? m.oosDone });
    } catch (error) {
      setState({ status: 'failed', message: error instanceof ApiError ? error.message : m.retry });
    }
  };
  if (state.status === 'done') return <p role="status">{state.message}</p>;
  return (
    <form className="pdp-inline-form" onSubmit={submit} aria-label={m.oosTitle} noValidate>
      <label>
        {m.oosEmail}
        <input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <button type="submit" className="ui-button" disabled={state.status === 'sending'}>
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
