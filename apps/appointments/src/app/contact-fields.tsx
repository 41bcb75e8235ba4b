import { useMessages } from '@eyewear/i18n';
import { messages } from './flow-messages';

export interface Contact {
  name: string;
  phone: string;
}

export const NO_CONTACT: Contact = { name: '', phone: '' };

/** The name and mobile number a store visit is booked with (the phone keeps digits only). */
export function ContactFields({ value, onChange }: { value: Contact; onChange: (next: Contact) => void }) {
  const m = useMessages(messages);
  return (
    <>
      <label>
        {m.nameLabel}
        <input required autoComplete="name" value={value.name} onChange={(e) => onChange({ ...value, name: e.target.value })} />
      </label>
      <label>
        {m.phoneLabel}
        <input
          required
          inputMode="numeric"
          autoComplete="tel-national"
          pattern="\d{8,10}"
          value={value.phone}
          onChange={(e) => onChange({ ...value, phone: e.target.value.replace(/\D/g, '') })}
        />
      </label>
    </>
  );
}
