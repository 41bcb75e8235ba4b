import { useState, type FormEvent } from 'react';
import { fieldOf, messageOf } from '@eyewear/api-client';
import { useMessages } from '@eyewear/i18n';
import { Field, FormError } from '../../../app/form';
import { sectionMessages } from '../../../app/section-messages';
import { useOrdersApi } from '../api';

/** The bank details a cash-on-delivery order is refunded to (NEFT). */
export function NeftForm({ orderId }: { orderId: number }) {
  const m = useMessages(sectionMessages);
  const api = useOrdersApi();
  const [values, setValues] = useState({ accountHolderName: '', accountNumber: '', ifscCode: '', bankName: '' });
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [saved, setSaved] = useState(false);
  const set = (key: keyof typeof values) => (v: string) => setValues((s) => ({ ...s, [key]: v }));
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await api.editNeft(orderId, { ...values, ifscCode: values.ifscCode.toUpperCase() });
      setSaved(true);
    } catch (failure) {
      setError({ field: fieldOf(failure), message: messageOf(failure, m.somethingWrong) });
    }
  }
  const errorFor = (field: string) => (error?.field === field ? error.message : undefined);
  return (
    <form onSubmit={submit} className="acc-card" aria-label={m.neftTitle}>
      <h2 className="acc-card__title">{m.neftTitle}</h2>
      <Field
        name="accountHolderName"
        label={m.neftHolder}
        value={values.accountHolderName}
        onChange={set('accountHolderName')}
        error={errorFor('accountHolderName')}
      />
      <Field
        name="accountNumber"
        label={m.neftNumber}
        inputMode="numeric"
        value={values.accountNumber}
        onChange={set('accountNumber')}
        error={errorFor('accountNumber')}
      />
      <Field name="ifscCode" label={m.neftIfsc} value={values.ifscCode} onChange={set('ifscCode')} error={errorFor('ifscCode')} />
      <Field name="bankName" label={m.neftBank} value={values.bankName} onChange={set('bankName')} error={errorFor('bankName')} />
      <FormError message={error && !error.field ? error.message : null} />
      {saved ? <p role="status">{m.neftSaved}</p> : null}
      <button type="submit" className="ui-button">
        {m.save}
      </button>
    </form>
  );
}
