import { type CountryCode } from '@eyewear/i18n/rules';
import { type MessageEvent, type MessageKind, type MessageLine } from '../events';
import { type CommonCopy } from './common';
import { type Formatters } from './format';

/** The event of one kind (the booking kinds share a shape). */
export type EventOf<K extends MessageKind> = MessageEvent & { kind: K };

/** A part of an e-mail's body, rendered the same way in its HTML and its plain text. */
export type Block =
  | { type: 'text'; text: string }
  /** The items, each with its quantity and amount, and the total when given. */
  | { type: 'lines'; lines: readonly MessageLine[]; total?: number }
  /** Labelled facts: `Payment: UPI`. */
  | { type: 'facts'; facts: ReadonlyArray<readonly [label: string, value: string]> }
  /** A button in HTML, `label: url` in text; left out when the URL is not a web address. */
  | { type: 'link'; label: string; url: string | null };

/** What one template writes for one event: every word of its message is here. */
export interface MessageCopy {
  subject: string;
  /** The line an inbox shows after the subject. */
  preview: string;
  heading: string;
  blocks: Block[];
  /** The SMS, fullest first: the first that fits one segment is sent (fitSms). */
  sms: string[];
}

/** The languages messages are written in: English in every country today. */
export type Language = 'en';

export const languageOf = (_country: CountryCode): Language => 'en';

export interface TemplateContext {
  fmt: Formatters;
  common: CommonCopy;
  /** The order's page on the site. */
  orderUrl(orderId: number): string;
}

export type Template<K extends MessageKind> = (event: EventOf<K>, context: TemplateContext) => MessageCopy;

/** One template per kind, in one language. */
export type Templates = { [K in MessageKind]: Template<K> };
