import { useState, type FormEvent } from 'react';
import { addressRoutes, messageOf } from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';
import { useMessages } from '@eyewear/i18n';
import { SkeletonGrid } from '@eyewear/ui';
import { FormError, LoadFailed, SelectField } from '../../../app/form';
import { sectionMessages } from '../../../app/section-messages';
import { useOrdersApi } from '../api';

/** Ships an unshipped order to another saved address (PUT orders/{id}/shippingAddress). */
export function ChangeAddress({ orderId, onDone }: { orderId: number; onDone(): void }) {
  const m = useMessages(sectionMessages);
  const api = useOrdersApi();
  const list = useQuery(addressRoutes.list);
  const [chosen, setChosen] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  if (list.status === 'failed') return <LoadFailed message={messageOf(list.error, m.somethingWrong)} retry={m.retry} onRetry={list.reload} />;
  if (list.status !== 'ready' || !list.data) return <SkeletonGrid rows={1} label={m.loading} />;
  const addresses = list.data.result.addresses;
  if (addresses.length === 0) return <p>{m.noAddresses}</p>;
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
      <button type="submit" className="ui-button">
        {m.save}
      </button>
    </form>
  );
}
