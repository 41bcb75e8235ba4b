import { useState } from 'react';
import { addressRoutes, messageOf, type Address } from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { SkeletonGrid } from '@eyewear/ui';
import { LoadFailed } from '../../../app/form';
import { sectionMessages } from '../../../app/section-messages';
import { addressMessages } from '../address-messages';
import { useProfileApi } from '../api';
import { AddressForm } from './AddressForm';

/** The address book: default first; add, edit, delete; pincode check and serviceability. */
export default function Addresses() {
  const m = useMessages(sectionMessages);
  const text = useMessages(addressMessages);
  const api = useProfileApi();
  const list = useQuery(addressRoutes.list);
  // A failed reload shows the failure, not the list it had.
  const addresses = list.status === 'failed' ? undefined : list.data?.result.addresses;
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  async function remove(address: Address) {
    try {
      await api.removeAddress(address.addressId);
      setNotice(m.addressDeleted);
      list.reload();
    } catch (error) {
      setNotice(messageOf(error, m.somethingWrong));
    }
  }
  return (
    <div>
      {notice ? <p role="status">{notice}</p> : null}
      {list.status === 'loading' && !addresses ? <SkeletonGrid rows={2} label={m.loading} /> : null}
      {list.status === 'failed' ? <LoadFailed message={messageOf(list.error, m.somethingWrong)} retry={m.retry} onRetry={list.reload} /> : null}
      {addresses?.length === 0 ? <p className="acc-empty">{m.noAddresses}</p> : null}
      <ul className="acc-list">
        {addresses?.map((a) => (
          <li key={a.addressId} className="acc-card" data-testid="account-address">
            {a.defaultAddress ? <strong>{m.defaultAddress}</strong> : null}
            <p>
              {a.firstName} {a.lastName}
            </p>
            <p>
              {a.addressline1}
              {a.addressline2 ? `, ${a.addressline2}` : ''}
              {a.locality ? `, ${a.locality}` : ''}, {a.city}, {a.state} {a.postcode}
            </p>
            {a.floor ? <p>{formatMessage(a.liftAvailable ? m.floorLineLift : m.floorLine, { floor: a.floor })}</p> : null}
            <p>
              {a.phone}
              {a.alternatePhone ? `, ${a.alternatePhone}` : ''}
            </p>
            {a.comment ? <p>{formatMessage(text.commentLine, { comment: a.comment })}</p> : null}
            <div className="acc-actions">
              <button type="button" className="ui-button ui-button--link" onClick={() => setEditing(a)} aria-label={`${m.edit} ${a.addressline1}`}>
                {m.edit}
              </button>
              <button type="button" className="ui-button ui-button--link" onClick={() => remove(a)} aria-label={`${m.remove} ${a.addressline1}`}>
                {m.remove}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {editing ? (
        <AddressForm
          key={editing === 'new' ? 'new' : editing.addressId}
          initial={editing === 'new' ? undefined : editing}
          onCancel={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            setNotice(m.saved);
            list.reload();
          }}
        />
      ) : (
        <button type="button" className="ui-button" onClick={() => setEditing('new')}>
          {m.addAddress}
        </button>
      )}
    </div>
  );
}
