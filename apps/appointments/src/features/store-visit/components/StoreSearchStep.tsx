import { useState, type FormEvent } from 'react';
import type { Store } from '@eyewear/api-client';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { useSearchParams } from '@eyewear/router';
import { Skeleton } from '@eyewear/ui';
import { ErrorText } from '../../../app/error-text';
import { messages } from '../../../app/flow-messages';
import { useDateFormats } from '../../../app/format';
import { StoreCards } from '../../../app/store-cards';
import { searchError, type StoreSearch, type useStoreSearch } from '../api';

/** Stores near a pincode or area (radius 20); from a product page (?pid=), those stocking the product. */
export function StoreSearchStep({
  stores,
  initialAddress = '',
  onSearch,
  onSelect,
}: {
  stores: ReturnType<typeof useStoreSearch>;
  /** What the field starts with: the search a link asked for. */
  initialAddress?: string;
  onSearch: (search: StoreSearch) => void;
  onSelect: (store: Store) => void;
}) {
  const m = useMessages(messages);
  const f = useDateFormats();
  const [address, setAddress] = useState(initialAddress);
  const pid = Number(useSearchParams()[0].get('pid'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (address.trim()) onSearch({ address: address.trim(), ...(Number.isInteger(pid) && pid > 0 ? { pid } : {}) });
  };
  const found = stores.status === 'ready' ? (stores.data?.result.stores ?? []) : [];
  return (
    <section aria-labelledby="stores-title" className="appt-flow">
      <h2 id="stores-title">{m.findStore}</h2>
      <form className="appt-row" onSubmit={submit} role="search">
        <label>
          {m.addressLabelStores}
          <input value={address} maxLength={100} onChange={(e) => setAddress(e.target.value)} />
        </label>
        <button type="submit" className="ui-button">
          {m.search}
        </button>
      </form>
      {stores.status === 'loading' ? <Skeleton /> : null}
      <ErrorText message={stores.status === 'failed' ? searchError(stores.error, m) : null} />
      {stores.status === 'ready' && found.length === 0 ? <p role="status">{m.noStores}</p> : null}
      <StoreCards
        stores={found}
        label={m.findStore}
        onSelect={onSelect}
        details={(store) => (
          <p className="appt-muted">
            {[
              store.distanceKm !== undefined ? formatMessage(m.storeDistance, { km: store.distanceKm }) : null,
              formatMessage(m.storeHours, { hours: f.hours(store.opensAt, store.closesAt) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        )}
      />
    </section>
  );
}
