// The shopper's edge session as the edge hands it out (docs/adr/024): the signed `mf_sid`
// cookie, minted when a request has none, at most so many per client address a minute, and the
// client's address itself, read through the load balancers the edge trusts (EDGE_TRUST_PROXY).
import type { IncomingHttpHeaders } from 'node:http';
import { BlockList, isIP, isIPv6 } from 'node:net';
import { SESSION_COOKIE, mintSession, readCookie, sessionCookie, verifySession } from './session';

/** New sessions per client address per minute (an office or a carrier's NAT shares one). */
export const MINTS_PER_ADDRESS_MINUTE = 120;

/** What the sessions read of a request (an IncomingMessage is one). */
export interface RequestLike {
  headers: IncomingHttpHeaders;
  socket: { remoteAddress?: string | undefined; encrypted?: boolean };
}

/** A request's session: its id (null: none, minting refused) and the cookie to set, if any. */
export interface Session {
  id: string | null;
  setCookie: string | null;
}

export interface SessionsOptions {
  /** The signing secret (loadSecret). */
  secret: string;
  /**
   * Addresses of load balancers in front of the edge (EDGE_TRUST_PROXY: addresses or subnets):
   * from them, the client's address is the last entry of X-Forwarded-For they added; from anyone
   * else the header is ignored (the socket is the client). Throws on an entry that is neither.
   */
  trustProxy?: readonly string[];
  /** New sessions one client address may be given per minute; past it a request has none. */
  mintsPerAddressMinute?: number;
  /** The origin shoppers use: an https one makes the cookie Secure (else the socket says). */
  publicUrl?: URL | null;
  now?: () => number;
}

const withoutMappedPrefix = (address: string) => address.replace(/^::ffff:/, '');

/** The trusted proxies: addresses or subnets (10.0.0.0/8, fd00::/8): in a cluster the balancers' pods change address. */
function trustedProxies(trustProxy: readonly string[]): (address: string) => boolean {
  const trusted = new BlockList();
  for (const entry of trustProxy) {
    const [address = '', bits] = withoutMappedPrefix(entry).split('/');
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (!isIP(address)) throw new Error(`EDGE_TRUST_PROXY: ${entry} is not an address or a subnet`);
    if (bits === undefined) trusted.addAddress(address, type);
    else trusted.addSubnet(address, Number(bits), type);
  }
  return (address) => isIP(address) !== 0 && trusted.check(address, isIPv6(address) ? 'ipv6' : 'ipv4');
}

export function createSessions({
  secret,
  trustProxy = [],
  mintsPerAddressMinute = MINTS_PER_ADDRESS_MINUTE,
  publicUrl = null,
  now = Date.now,
}: SessionsOptions) {
  const mints = new Map<string, { minute: number; count: number }>();
  const isTrusted = trustedProxies(trustProxy);

  /**
   * The client's address: the socket's, unless the socket is a trusted load balancer; then the
   * rightmost X-Forwarded-For entry that is not itself a trusted proxy (what the balancer saw).
   */
  function clientAddressOf(req: RequestLike): string {
    const socket = withoutMappedPrefix(String(req.socket.remoteAddress || ''));
    if (!isTrusted(socket)) return socket;
    const hops = String(req.headers['x-forwarded-for'] || '')
      .split(',')
      .map((a) => withoutMappedPrefix(a.trim()))
      .filter(Boolean);
    for (let i = hops.length - 1; i >= 0; i -= 1) {
      const hop = hops[i];
      if (hop !== undefined && !isTrusted(hop)) return hop;
    }
    return socket;
  }

  /**
   * Whether this client address may be given one more new session this minute (counted). The
   * edge is the front door (or trusts only its own load balancers' X-Forwarded-For), so a client
   * cannot choose its address. A session is what a vote about a release is tied to: this bounds
   * how many votes one machine can mint (docs/adr/024); a shopper past it still gets the store,
   * without one.
   */
  function mayMint(req: RequestLike): boolean {
    const minute = Math.floor(now() / 60_000);
    if (mints.size > 100_000) mints.clear();
    const address = clientAddressOf(req);
    const seen = mints.get(address);
    const count = seen && seen.minute === minute ? seen.count + 1 : 1;
    mints.set(address, { minute, count });
    return count <= mintsPerAddressMinute;
  }

  /** The session id of the request's cookie when this edge (or a sibling) signed it, else null. */
  function sessionIdOf(req: RequestLike): string | null {
    return verifySession(secret, readCookie(req.headers.cookie, SESSION_COOKIE));
  }

  /**
   * The shopper's edge session: the signed `mf_sid` cookie, minted when the request has none
   * (or a forged one). `setCookie` is the header to send with the answer, if any.
   */
  function sessionOf(req: RequestLike): Session {
    const id = sessionIdOf(req);
    if (id) return { id, setCookie: null };
    if (!mayMint(req)) return { id: null, setCookie: null };
    const value = mintSession(secret);
    return { id: value.split('.')[0] ?? null, setCookie: sessionCookie(value, isSecure(req)) };
  }

  /** Whether cookies set for this request are Secure: the public origin's scheme, else the socket's. */
  function isSecure(req: RequestLike): boolean {
    return publicUrl ? publicUrl.protocol === 'https:' : Boolean(req.socket.encrypted);
  }

  /** A new signed session, not yet given to anyone (`admit` decides whether it may be). */
  function draw(): { id: string; value: string } {
    const value = mintSession(secret);
    return { id: value.split('.')[0] ?? '', value };
  }

  return { sessionOf, clientAddressOf, sessionIdOf, isSecure, draw, admit: mayMint };
}

export type Sessions = ReturnType<typeof createSessions>;
