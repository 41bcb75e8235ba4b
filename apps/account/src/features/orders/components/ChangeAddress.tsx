import { useState, type FormEvent } from 'react';
import { addressRoutes, messageOf } from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';
import { useMessages } from '@eyewear/i18n';
import { SkeletonGrid } from '@eyewear/ui';
import { FormError, LoadFailed, SelectField } from '../../../app/form';
import { sectionMessages } from '../../../app/section-messages';
import { AddressForm } from '../../profile';
import { useOrdersApi } from '../api';

/**
 * Ships an unshipped order to another saved address (PUT orders/{id}/shippingAddress). An
 * address can be added right here (the address book's form), then chosen: with none saved the
 * form is what shows (issue 42: it said "no saved addresses" and offered nothing).
 */
export function ChangeAddress({ orderId, onDone, onCancel }: { orderId: number; onDone(): void; onCancel(): void }) {
  const m = useMessages(sectionMessages);
  const api = useOrdersApi();
  const list = useQuery(addressRoutes.list);
  const [chosen, setChosen] = useState('');
  const [adding, setAdding] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (list.status === 'failed') return <LoadFailed message={messageOf(list.error, m.somethingWrong)} retry={m.retry} onRetry={list.reload} />;
  if (list.status !== 'ready' || !list.data) return <SkeletonGrid rows={1} label={m.loading} />;
  const addresses = list.data.result.addresses;
  if (adding || addresses.length === 0) {
    return (
      <div className="acc-card">
        {addresses.length === 0 ? <p>{m.noAddresses}</p> : null}
        <AddressForm
          onDone={(saved) => {
            if (saved) setChosen(String(saved.addressId));
            setAdding(false);
            list.reload();
          }}
          onCancel={() => (addresses.length === 0 ? onCancel() : setAdding(false))}
        />
      </div>
    );
  }
  const addressId = Number(chosen || addresses[0]!.addressId);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = addresses.find((a) => a.addressId === addressId)!;
    const { addressId: _id, defaultAddress: _default, ...input } = address;
    try {
      await api.shipTo(orderId, input);
      onDone();
    } catch (error) {
      setFailure(messageOf(error, m.somethingWrong));
    }
  }
  return (
    <form onSubmit={submit} className="acc-card" aria-label={m.changeAddress}>
      <SelectField
        name="address"
        label={m.changeAddress}
        value={String(addressId)}
        onChange={setChosen}
        options={addresses.map((a) => ({ value: String(a.addressId), label: `${a.addressline1}, ${a.city} ${a.postcode}` }))}
      />
      <FormError message={failure} />
      <div className="acc-actions">
        <button type="submit" className="ui-button">
          {m.save}
        </button>
        <button type="button" className="ui-button ui-button--link" onClick={() => setAdding(true)}>
          {m.addAddress}
        </button>
      </div>
    </form>
  );
}
