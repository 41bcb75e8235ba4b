import { useId, useState } from 'react';
import { checkoutRoutes } from '@eyewear/api-client';
import { useApiClient } from '@eyewear/event-bus';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { messages } from '../../../app/messages';
import { VPA_PATTERN } from '../rules';

/** The UPI id, which the shopper may verify first (the API says whose it is). */
export function UpiField({ vpa, onVpa, onError }: { vpa: string; onVpa(vpa: string): void; onError(message: string | null): void }) {
  const m = useMessages(messages);
  const id = useId();
  const api = useApiClient();
  const [checked, setChecked] = useState<{ vpa: string; valid: boolean; name?: string } | null>(null);
  const verify = async () => {
    const value = vpa.trim();
    if (!VPA_PATTERN.test(value)) return onError(m.invalidVpa);
    try {
      const answer = await api.call(checkoutRoutes.validateVpa, { body: { vpa: value } });
      setChecked({ vpa: value, ...answer.result });
      onError(answer.result.valid ? null : m.invalidVpa);
    } catch {
      setChecked({ vpa: value, valid: false });
      onError(m.invalidVpa);
    }
  };
  return (
    <div className="cc-field">
      <label htmlFor={`${id}-vpa`}>{m.vpa}</label>
      <input id={`${id}-vpa`} value={vpa} onChange={(e) => onVpa(e.target.value)} placeholder="name@bank" />
      <button type="button" className="ui-button" onClick={verify}>
        {m.verifyVpa}
      </button>
      {checked?.valid && checked.vpa === vpa.trim() ? <span>{formatMessage(m.vpaVerified, { name: checked.name ?? '' })}</span> : null}
    </div>
  );
}
