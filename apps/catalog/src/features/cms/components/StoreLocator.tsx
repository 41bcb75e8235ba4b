import { useMemo } from 'react';
import { appointmentRoutes, type Store } from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';
import { formatMessage, openingHoursIn, useCountry, useMessages } from '@eyewear/i18n';
import { ADDRESS_RULES } from '@eyewear/i18n/rules';
import { Link } from '@eyewear/router';
import { SkeletonGrid } from '@eyewear/ui';
import { storeMessages } from '../store-messages';
import './cms.css';

/** The stores of a list grouped by city, in the order the API gives (by city, then area). */
function byCity(stores: readonly Store[]): [city: string, stores: Store[]][] {
  const cities = new Map<string, Store[]>();
  for (const store of stores) cities.set(store.city, [...(cities.get(store.city) ?? []), store]);
  return [...cities];
}

const idOf = (city: string) => `stores-${city.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** A phone number as a tel: link (digits and the leading +). */
const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * The store locator's list (issue 42: the page was empty): every store of the shopper's country
 * from the API, by city, with its address, opening hours and phone, and a link to book an eye
 * test there (the appointments remote's store visit, searched at the store's area).
 */
export function StoreLocator() {
  const m = useMessages(storeMessages);
  const country = useCountry();
  const hours = useMemo(() => openingHoursIn(country), [country]);
  const query = useQuery(appointmentRoutes.stores);
  if (query.status === 'failed')
    return (
      <div className="catalog-state" role="alert">
        <p>{m.storesFailed}</p>
        <button type="button" className="ui-button" onClick={query.reload}>
          {m.retry}
        </button>
      </div>
    );
  if (query.status !== 'ready' || !query.data) return <SkeletonGrid rows={2} label={m.storesLoading} />;
  const stores = query.data.result.stores;
  if (stores.length === 0) return <p role="status">{m.storesNone}</p>;
  const cities = byCity(stores);
  return (
    <section className="catalog-stores" aria-labelledby="stores-title">
      <h2 id="stores-title">{formatMessage(stores.length === 1 ? m.storesCountOne : m.storesCount, { count: stores.length, cities: cities.length })}</h2>
      {cities.map(([city, inCity]) => (
        <section key={city} aria-labelledby={idOf(city)} className="catalog-stores__city">
          <h3 id={idOf(city)}>{city}</h3>
          <ul className="catalog-stores__list" aria-label={formatMessage(m.storesOfCity, { city })}>
            {inCity.map((store) => (
              <li key={store.code} className="catalog-store">
                <article aria-labelledby={`store-${store.code}`}>
                  <h4 id={`store-${store.code}`}>{store.name}</h4>
                  {store.studio ? <p className="catalog-tag catalog-tag--studio">{m.storeStudio}</p> : null}
                  <p>
                    {store.address}
                    {ADDRESS_RULES[store.country].postcode !== 'none' && store.pincode ? ` ${store.pincode}` : ''}
                  </p>
                  <p>{formatMessage(m.storeHours, { hours: hours(store.opensAt, store.closesAt) })}</p>
                  <p>
                    {m.storePhone} <a href={telOf(store.phone)}>{store.phone}</a>
                  </p>
                  <Link
                    className="ui-button"
                    to={`/test-your-vision?area=${encodeURIComponent(store.area)}`}
                    aria-label={formatMessage(m.storeBookAt, { name: store.name })}
                  >
                    {m.storeBook}
                  </Link>
                </article>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
