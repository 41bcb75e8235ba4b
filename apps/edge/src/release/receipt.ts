// Page-view receipts (docs/adr/057): the edge signs one into every remotes.json it answers (the
// one request each page load makes to the edge itself, never cached) or /_edge/view, and a beacon
// counts only with a receipt from the same client network, not older than VIEW_TTL_MS, once per
// receipt. (Not bound to the session: a first visit's parallel calls may each be given a new
// session, and the page keeps the last; a receipt counts once whoever sends it.)
// A vote is then one page view the edge served, not a claim anybody can mint, and each client
// network is known (as a keyed hash) so the release analysis can bound what one network weighs.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isIPv6 } from 'node:net';

/** How long after remotes.json a page's beacons still count (a tab left open longer votes no more). */
export const VIEW_TTL_MS = 30 * 60_000;
const RECEIPT = /^([A-Za-z0-9_-]{12})\.([0-9a-z]{1,11})([fn])\.([A-Za-z0-9_-]{22})$/;

/**
 * The network a client address belongs to, as one shopper's household or one machine: an IPv4
 * address, or an IPv6 /64 (what one line or one host is given; a stranger with a /64 has 2^64
 * addresses, not 2^64 votes).
 */
export function networkOf(address: string): string {
  const plain = address.replace(/^::ffff:/, '');
  if (!isIPv6(plain)) return plain;
  const [head = '', tail = ''] = plain.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = plain.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => (parseInt(group || '0', 16) || 0).toString(16))
    .join(':')}::/64`;
}

const mac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64url');

/** A client network as the signal files keep it: 12 characters of a keyed hash (no address is written). */
export function addressKey(secret: string, address: string): string {
  return mac(secret, `address:${networkOf(address)}`).slice(0, 12);
}

export interface ReceiptOptions {
  secret: string;
  now?: () => number;
}

export function createReceipts({ secret, now = Date.now }: ReceiptOptions) {
  const sign = (id: string, stamp: string, addr: string) => mac(secret, `view:${id}.${stamp}.${addr}`).slice(0, 22);

  /**
   * A new page view's receipt, for the client network it was asked from. `first`: the
   * session was made by this very answer, so the page's document came without it and its shell
   * is stable whatever the session's bucket (pages set no cookie, docs/adr/048): that view does
   * not vote on the shell.
   */
  function mint(addr: string, { first = false }: { first?: boolean } = {}): { id: string; receipt: string } {
    const id = randomBytes(9).toString('base64url');
    const stamp = `${Math.floor(now() / 1000).toString(36)}${first ? 'f' : 'n'}`;
    return { id, receipt: `${id}.${stamp}.${sign(id, stamp, addr)}` };
  }

  /** The page view when the receipt is this edge's (or a sibling's), for this client network, and fresh; else null. */
  function verify(receipt: unknown, addr: string): { id: string; first: boolean } | null {
    if (typeof receipt !== 'string') return null;
    const match = RECEIPT.exec(receipt);
    if (!match) return null;
    const [, id = '', issued = '', kind = '', signature = ''] = match;
    const age = now() - parseInt(issued, 36) * 1000;
    if (!(age >= -60_000 && age <= VIEW_TTL_MS)) return null;
    const expected = Buffer.from(sign(id, `${issued}${kind}`, addr));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given) ? { id, first: kind === 'f' } : null;
  }

  return { mint, verify, addressKey: (address: string) => addressKey(secret, address) };
}

export type Receipts = ReturnType<typeof createReceipts>;
