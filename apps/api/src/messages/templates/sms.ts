import { SMS_MAX_LENGTH } from '../events';

/**
 * SMS text in the GSM 03.38 alphabet (GSM-7), so that every message is one segment of 160
 * characters: one character outside it (a rupee sign, a curly quote, an emoji) and the whole
 * message goes as UCS-2, 70 characters a segment. The extension table's characters (`€ [ ] { }
 * | ^ ~ \`) are sent as two septets each, so they are counted twice.
 */
const BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const EXTENSION = '€[]{}|^~\\';
const GSM7 = new Set([...BASIC, ...EXTENSION]);

/** What a character outside GSM-7 is written as, when it has a plain look-alike. */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  '‘': "'",
  '’': "'",
  '‚': "'",
  '′': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '″': '"',
  '–': '-',
  '—': '-',
  '‐': '-',
  '‑': '-',
  '−': '-',
  '…': '...',
  '×': 'x',
  '•': '-',
  '₹': 'Rs.',
  '\t': ' ',
};

export const isGsm7 = (text: string): boolean => [...text].every((char) => GSM7.has(char));

/** How many septets `text` takes in an SMS: one a character, two for the extension table's. */
export function smsLength(text: string): number {
  let septets = 0;
  for (const char of text) septets += EXTENSION.includes(char) ? 2 : 1;
  return septets;
}

/**
 * `text` in GSM-7: look-alikes for typographic marks, accents dropped where GSM-7 lacks the
 * accented letter (`ç` → `c`; `é` is kept), other spaces as a space, and anything else (other
 * scripts, emoji) left out; on one line, spaces collapsed.
 */
export function toGsm7(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (GSM7.has(char)) out += char;
    else if (char in LOOK_ALIKES) out += LOOK_ALIKES[char];
    else if (/\s/u.test(char)) out += ' ';
    else out += [...char.normalize('NFD').replace(/\p{M}/gu, '')].filter((c) => GSM7.has(c) && c !== '\n' && c !== '\r').join('');
  }
  return out
    .replace(/[\r\n]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/**
 * `text` shortened to at most `max` characters at a space, ending in `...`: whole words are
 * left out, never half of one (so never half of a number). A single word longer than that is
 * cut, as there is no space to cut at.
 */
export function clipWords(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const room = Math.max(0, max - 3);
  const head = clean.slice(0, room + 1);
  const space = head.lastIndexOf(' ');
  const cut = space > 0 ? head.slice(0, space) : clean.slice(0, room);
  return `${cut.replace(/[\s,.;:-]+$/, '')}...`;
}

/** `clipWords` by septets: the words of `text` that fit in `max` septets, then `...`. */
function clipSeptets(text: string, max: number): string {
  if (smsLength(text) <= max) return text;
  const words = text.split(' ');
  while (words.length > 1) {
    words.pop();
    const candidate = `${words.join(' ').replace(/[\s,.;:-]+$/, '')}...`;
    if (smsLength(candidate) <= max) return candidate;
  }
  // One word longer than an SMS: cut it (nothing else to cut at).
  let cut = '';
  for (const char of text) {
    if (smsLength(`${cut}${char}...`) > max) break;
    cut += char;
  }
  return `${cut}...`;
}

/**
 * The SMS of a message: the first of `candidates` (written fullest first, each naming the key
 * facts) that fits one GSM-7 segment once written in GSM-7. A template's last candidate holds
 * only short, bounded parts (the order number, an amount, a date); should even it be too long
 * (a tracking number of 100 characters), it loses whole words from its end.
 */
export function fitSms(candidates: readonly string[], max = SMS_MAX_LENGTH): string {
  const texts = candidates.map(toGsm7).filter(Boolean);
  return texts.find((text) => smsLength(text) <= max) ?? clipSeptets(texts.at(-1) ?? '', max);
}
