import { Suspense, useEffect, useState } from 'react';
import { useLatestEvent, lazyComponent } from '@eyewear/event-bus';
import { EXCHANGE_COOKIE, readExchange } from './banner-rules';
import CountryBanner from './country-banner';

// The country banner shows after first paint (its code is under 1 KB: in the shell's own
// chunk, not a request of its own on every page); the exchange one loads when its cookie exists.
const ExchangeBanner = lazyComponent('shell/ExchangeBanner', () => import('./exchange-banner'));

/** The page's banners: the country banner (after load) and the exchange-session banner. */
export function Banners() {
  const [afterLoad, setAfterLoad] = useState(false);
  const exchange = useLatestEvent('exchange/changed');
  const [hasExchange, setHasExchange] = useState(() => typeof document !== 'undefined' && document.cookie.includes(`${EXCHANGE_COOKIE}=`));

  useEffect(() => {
    const id = setTimeout(() => setAfterLoad(true), 0);
    return () => clearTimeout(id);
  }, []);

  // The exchange opened, closed, or was picked up from the cookies (a reload, another tab).
  useEffect(() => {
    if (exchange) setHasExchange(Boolean(readExchange(document.cookie)));
  }, [exchange]);

  return (
    <Suspense fallback={null}>
      {afterLoad ? <CountryBanner /> : null}
      {hasExchange ? <ExchangeBanner onClosed={() => setHasExchange(false)} /> : null}
    </Suspense>
  );
}
