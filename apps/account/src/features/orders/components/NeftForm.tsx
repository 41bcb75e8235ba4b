import { useState, type FormEvent } from 'react';
import { useMessages } from '@eyewear/i18n';
import { Field, failureFrom, FormError, useForm } from '../../../app/form';
import { sectionMessages } from '../../../app/section-messages';
import { useOrdersApi } from '../api';

/** The bank details a cash-on-delivery order is refunded to (NEFT). */
export function NeftForm({ orderId }: { orderId: number }) {
  const m = useMessages(sectionMessages);
  const api = useOrdersApi();
  const { values, field, failed, setFailure } = useForm({ accountHolderName: '', accountNumber: '', ifscCode: '', bankName: '' });
  const [saved, setSaved] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    try {
      await api.editNeft(orderId, { ...values, ifscCode: values.ifscCode.toUpperCase() });
      setSaved(true);
    } catch (error) {
      setFailure(failureFrom(error, m.somethingWrong));
    }
  }
  return (
    <form onSubmit={submit} className="acc-card" aria-label={m.neftTitle}>
      <h2 className="acc-card__title">{m.neftTitle}</h2>
      <Field label={m.neftHolder} {...field('accountHolderName')} />
      <Field label={m.neftNumber} inputMode="numeric" {...field('accountNumber')} />
      <Field label={m.neftIfsc} {...field('ifscCode')} />
      <Field label={m.neftBank} {...field('bankName')} />
      {/* A failure naming one of these fields shows at that field only (without the field's code name); any other for the form. */}
      <FormError message={failed} />
      {saved ? <p role="status">{m.neftSaved}</p> : null}
      <button type="submit" className="ui-button">
        {m.save}
      </button>
    </form>
  );
}
