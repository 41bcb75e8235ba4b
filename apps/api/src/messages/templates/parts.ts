import { type MessageLine } from '../events';
import { toGsm7 } from './sms';

/** How many items the lines hold, units counted (two of one frame are two items). */
export const unitsOf = (lines: readonly MessageLine[]): number => lines.reduce((sum, line) => sum + line.quantity, 0);

/**
 * `url` when it is a web address (http or https, no spaces or control characters), else null:
 * a link in a message never runs script (`javascript:`) nor points at a local file.
 */
export function webUrl(url: string | null | undefined): string | null {
  const text = url?.trim();
  if (!text || !/^https?:\/\/[^\s/?#]+/i.test(text) || /[\s\u0000-\u001f\u007f]/.test(text)) return null;
  return text;
}

/** A piece of data (a product name, a courier, a place) as an SMS can carry it, or null when nothing of it is GSM-7. */
export function smsData(text: string | null | undefined): string | null {
  const gsm = text ? toGsm7(text) : '';
  return gsm || null;
}

/** `text` without its closing full stop (a reason given as a sentence, put inside ours). */
export const withoutFullStop = (text: string): string => text.trim().replace(/[.\s]+$/, '');
