// New sessions per client address, and the client's address behind trusted load balancers,
// through the whole edge (createEdgeServer).
import { rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createEdgeServer } from '../server';
import { createDeployRoot, createEchoApi, listen, stop, type Echo } from '../testing/servers';

let root: string;
let api: Server;
let apiUrl: string;

beforeAll(async () => {
  root = await createDeployRoot();
  api = createEchoApi();
  apiUrl = await listen(api);
});
afterAll(async () => {
  await stop(api);
  await rm(root, { recursive: true, force: true });
}, 20_000);

describe('edge server: new sessions per client address', () => {
  it('gives one address at most N new sessions a minute, then serves the store without one (stable, no votes)', async () => {
    const own = createEdgeServer({ root, apiUrl: 'http://127.0.0.1:9', mintsPerAddressMinute: 2 });
    const at = await listen(own);
    try {
      const cookies: (string | null)[] = [];
      for (let i = 0; i < 3; i += 1) cookies.push((await fetch(`${at}/remotes.json`)).headers.get('set-cookie'));
      expect(cookies.slice(0, 2).every((c) => /^mf_sid=/.test(c ?? ''))).toBe(true);
      const third = await fetch(`${at}/remotes.json`);
      expect(third.headers.get('set-cookie')).toBeNull();
      expect(third.status).toBe(200);
      expect(((await third.json()) as { cohorts: unknown }).cohorts).toEqual({ catalog: 99 });
      // The document is still served, without a session.
      const page = await fetch(`${at}/eyeglasses.html`);
      expect(page.status).toBe(200);
      expect(page.headers.get('set-cookie')).toBeNull();
      // A shopper who already has a session keeps it.
      const known = cookies[0]!.split(';')[0]!;
      expect((await fetch(`${at}/remotes.json`, { headers: { cookie: known } })).status).toBe(200);
    } finally {
      await stop(own);
    }
  });
});

describe('edge server behind a load balancer (EDGE_TRUST_PROXY)', () => {
  it("counts new sessions per client address the balancer saw, and tells the API that address; a client's own header changes nothing", async () => {
    const behind = createEdgeServer({ root, apiUrl, mintsPerAddressMinute: 1, trustProxy: ['127.0.0.1'] });
    const at = await listen(behind);
    try {
      // HAProxy's `option forwardfor` appends the address it saw; a client may send its own first.
      const from = (client: string, spoofed?: string) => ({ 'x-forwarded-for': spoofed ? `${spoofed}, ${client}` : client });
      const first = await fetch(`${at}/remotes.json`, { headers: from('203.0.113.7') });
      expect(first.headers.get('set-cookie')).toMatch(/^mf_sid=/);
      // The same shopper again: over its one new session this minute, whatever it claims to be.
      expect((await fetch(`${at}/remotes.json`, { headers: from('203.0.113.7', '198.51.100.1') })).headers.get('set-cookie')).toBeNull();
      // Another shopper behind the same balancer still gets one.
      expect((await fetch(`${at}/remotes.json`, { headers: from('203.0.113.8') })).headers.get('set-cookie')).toMatch(/^mf_sid=/);
      const { headers } = (await (await fetch(`${at}/api/v2/whoami`, { headers: from('203.0.113.9', '6.6.6.6') })).json()) as Echo;
      expect(headers['x-forwarded-for']).toBe('203.0.113.9');
    } finally {
      await stop(behind);
    }
  });

  it("takes subnets (a cluster's balancers change address), and refuses what is not an address", async () => {
    const behind = createEdgeServer({ root, apiUrl, trustProxy: ['127.0.0.0/8', '10.0.0.0/8'] });
    const at = await listen(behind);
    try {
      // 10.1.2.3 is another balancer hop, trusted too: the client is the hop before it.
      const { headers } = (await (await fetch(`${at}/api/v2/whoami`, { headers: { 'x-forwarded-for': '203.0.113.5, 10.1.2.3' } })).json()) as Echo;
      expect(headers['x-forwarded-for']).toBe('203.0.113.5');
    } finally {
      await stop(behind);
    }
    expect(() => createEdgeServer({ root, apiUrl, trustProxy: ['balancer.local'] })).toThrow('EDGE_TRUST_PROXY: balancer.local');
  });
});
