import { type CountryCode } from './country';

export type Messages = Record<string, string>;

/**
 * An app's message catalogue: the default (English) strings, and per-country overrides
 * where a country words something differently. Keys are typed from the defaults, so a
 * missing or misspelt key is a compile error.
 */
export interface MessageCatalogue<M extends Messages> {
  readonly defaults: M;
  readonly overrides: Partial<Record<CountryCode, Partial<M>>>;
}

export function defineMessages<M extends Messages>(defaults: M, overrides: Partial<Record<CountryCode, Partial<M>>> = {}): MessageCatalogue<M> {
  return { defaults, overrides };
}

export function resolveMessages<M extends Messages>(catalogue: MessageCatalogue<M>, country: CountryCode): M {
  return { ...catalogue.defaults, ...catalogue.overrides[country] } as M;
}

/** Fills `{name}` placeholders; a placeholder without a value stays visible, so it is noticed. */
export function formatMessage(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : whole));
}
