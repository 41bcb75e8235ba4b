import { useId } from 'react';
import type { GiftMessage } from '@eyewear/api-client';
import { useMessages } from '@eyewear/i18n';
import { messages } from '../../../app/messages';

/** "This is a gift": from, to and a message (250 characters at most), sent with the order. */
export function GiftFields({ gift, onChange }: { gift: GiftMessage | null; onChange(gift: GiftMessage | null): void }) {
  const m = useMessages(messages);
  const id = useId();
  return (
    <>
      <div className="cc-field cc-field--wide">
        <label>
          <input type="checkbox" checked={gift !== null} onChange={(e) => onChange(e.target.checked ? { from: '', to: '', message: '' } : null)} />{' '}
          {m.giftToggle}
        </label>
      </div>
      {gift ? (
        <>
          <div className="cc-field">
            <label htmlFor={`${id}-gift-from`}>{m.giftFrom}</label>
            <input id={`${id}-gift-from`} value={gift.from} onChange={(e) => onChange({ ...gift, from: e.target.value })} />
          </div>
          <div className="cc-field">
            <label htmlFor={`${id}-gift-to`}>{m.giftTo}</label>
            <input id={`${id}-gift-to`} value={gift.to} onChange={(e) => onChange({ ...gift, to: e.target.value })} />
          </div>
          <div className="cc-field cc-field--wide">
            <label htmlFor={`${id}-gift-message`}>{m.giftMessage}</label>
            <textarea id={`${id}-gift-message`} value={gift.message} maxLength={250} onChange={(e) => onChange({ ...gift, message: e.target.value })} />
          </div>
        </>
      ) : null}
    </>
  );
}
