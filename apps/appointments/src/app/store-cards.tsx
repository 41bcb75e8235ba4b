import type { ReactNode } from 'react';
import type { Store } from '@eyewear/api-client';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { messages } from './flow-messages';

/** Stores to choose from: name, address, what the flow adds (`details`), and a select button each. */
export function StoreCards({
  stores,
  label,
  details,
  onSelect,
}: {
  stores: Store[];
  label?: string;
  details?: (store: Store) => ReactNode;
  onSelect: (store: Store) => void;
}) {
  const m = useMessages(messages);
  return (
    <ul className="appt-list" aria-label={label}>
      {stores.map((store) => (
        <li key={store.code} className="appt-card">
          <h3>{store.name}</h3>
          <p>{store.address}</p>
          {details?.(store)}
          <button type="button" className="ui-button" onClick={() => onSelect(store)}>
            {formatMessage(m.selectStore, { name: store.name })}
          </button>
        </li>
      ))}
    </ul>
  );
}
