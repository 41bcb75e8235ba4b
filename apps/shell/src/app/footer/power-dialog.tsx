import { useState, type FormEvent } from 'react';
import { shellRoutes } from '@eyewear/api-client';
import { isValidPowerPhone, useMessages } from '@eyewear/i18n';
import { Dialog } from '@eyewear/ui';
import { useApi } from '../api-context';
import { messages } from '../messages';

type Status = { kind: 'editing' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed' };

/**
 * 'Enter my power': the shopper leaves a phone number (optional 0, then 7, 8 or 9, then nine
 * digits) to be called for their power.
 */
export default function PowerDialog({ onClose }: { onClose(): void }) {
  const m = useMessages(messages);
  const api = useApi();
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'editing' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = phone.trim();
    if (!isValidPowerPhone(value)) {
      setError(m.PLEASE_ENTER_VALID_PHONE_NUMBER);
      return;
    }
    setError(null);
    setStatus({ kind: 'sending' });
    try {
      await api.call(shellRoutes.enterMyPower, { query: { phone: value } });
      setStatus({ kind: 'sent' });
    } catch {
      setStatus({ kind: 'failed' });
    }
  }

  return (
    <Dialog title={m.powerDialogTitle} closeLabel={m.fragmentClose} onClose={onClose} testId="shell-power-dialog">
      {status.kind === 'sent' ? (
        <p role="status">{m.powerSuccess}</p>
      ) : (
        <form onSubmit={submit} noValidate>
          <p>{m.powerDialogIntro}</p>
          <label htmlFor="shell-power-phone">{m.powerPhoneLabel}</label>
          <input
            id="shell-power-phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            value={phone}
            maxLength={11}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'shell-power-error' : undefined}
            onChange={(event) => setPhone(event.target.value.replace(/\D/g, ''))}
          />
          {error ? (
            <p id="shell-power-error" role="alert" className="shell-form-error">
              {error}
            </p>
          ) : null}
          {status.kind === 'failed' ? (
            <p role="alert" className="shell-form-error">
              {m.powerFailure}
            </p>
          ) : null}
          <button type="submit" className="ui-button" disabled={status.kind === 'sending'}>
            {status.kind === 'sending' ? m.powerSending : m.powerSubmit}
          </button>
        </form>
      )}
    </Dialog>
  );
}
