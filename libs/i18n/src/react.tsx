import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { DEFAULT_COUNTRY, type CountryCode } from './country';
import { dateIn } from './dates';
import { resolveMessages, type MessageCatalogue, type Messages } from './messages';

const CountryContext = createContext<CountryCode>(DEFAULT_COUNTRY);

export function I18nProvider({ country, children }: { country: CountryCode; children: ReactNode }) {
  return <CountryContext.Provider value={country}>{children}</CountryContext.Provider>;
}

export function useCountry(): CountryCode {
  return useContext(CountryContext);
}

/** The strings of a catalogue for the page's country. */
export function useMessages<M extends Messages>(catalogue: MessageCatalogue<M>): M {
  const country = useCountry();
  return useMemo(() => resolveMessages(catalogue, country), [catalogue, country]);
}

/** `dateIn` of the page's country: `const dateOf = useDateOf(); dateOf(order.createdAt)`. */
export function useDateOf(options: { weekday?: boolean } = {}): (iso: string) => string {
  const country = useCountry();
  const weekday = options.weekday ?? false;
  return useMemo(() => dateIn(country, { weekday }), [country, weekday]);
}
