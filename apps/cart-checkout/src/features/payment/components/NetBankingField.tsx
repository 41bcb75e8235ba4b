import { useId } from 'react';
import type { PaymentMethod } from '@eyewear/api-client';
import { useMessages } from '@eyewear/i18n';
import { messages } from '../../../app/messages';

/** Net banking: the banks the method lists. */
export function NetBankingField({ banks, bank, onBank }: { banks: NonNullable<PaymentMethod['banks']>; bank: string; onBank(code: string): void }) {
  const m = useMessages(messages);
  const id = useId();
  return (
    <div className="cc-field">
      <label htmlFor={`${id}-bank`}>{m.bank}</label>
      <select id={`${id}-bank`} value={bank} onChange={(e) => onBank(e.target.value)}>
        <option value="">{m.chooseBank}</option>
        {banks.map((b) => (
          <option key={b.code} value={b.code}>
            {b.name}
          </option>
        ))}
      </select>
    </div>
  );
}
