// Test support for the origin tests: a deploy root published to a directory by `release
// publish`, served by a plain node static server that applies the directory's `_headers` (its
// own small reading of the format, not publish.mjs's).
import { createServer, type Server } from 'node:http';
import { readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { publish } from './publish.mjs';
import { makeDeployRoot, type DeployFixture } from './publish-fixture';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** The static server's prefix, as a bucket's or a CDN's path would be. */
export const PREFIX = '/cdn/site';

export type OriginMode = 'ok' | 'garbage' | 'down';

export interface StaticOrigin {
  server: Server;
  /** `http://127.0.0.1:<port>`, without the prefix. */
  url: string;
  /** Requests per path (without the prefix; anything outside it counts as `outside`). */
  hits: Record<string, number>;
  state: { mode: OriginMode };
}

/** `_headers` read the way Netlify and Cloudflare Pages document it: a path line, indented headers. */
function headerRules(text: string): Array<{ pattern: string; headers: Array<[string, string]> }> {
  const rules: Array<{ pattern: string; headers: Array<[string, string]> }> = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    if (!line.startsWith(' ')) rules.push({ pattern: line.trim(), headers: [] });
    else rules.at(-1)?.headers.push(line.trim().split(/:\s*/, 2) as [string, string]);
  }
  return rules;
}

export function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

export const close = (server: Server): Promise<void> => new Promise((resolve) => server.close(() => resolve()));

/**
 * A static server over `dir` under PREFIX with its _headers; counts requests per path; can
 * answer garbage (for the channel files) or 503.
 */
export async function staticOrigin(dir: string): Promise<StaticOrigin> {
  const hits: Record<string, number> = {};
  const state: { mode: OriginMode } = { mode: 'ok' };
  const server = createServer(async (req, res) => {
    const full = decodeURIComponent(new URL(req.url ?? '/', 'http://origin').pathname);
    const path = full.startsWith(`${PREFIX}/`) ? full.slice(PREFIX.length) : 'outside';
    hits[path] = (hits[path] ?? 0) + 1;
    if (state.mode === 'down') {
      res.writeHead(503).end('maintenance');
      return;
    }
    if (state.mode === 'garbage' && path.endsWith('.json') && !path.includes('/remotes/') && !path.includes('/shell/')) {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>a captive portal</html>');
      return;
    }
    const file = normalize(join(dir, path));
    const body = path !== 'outside' && file.startsWith(dir) && path !== '/_headers' ? await readFile(file).catch(() => null) : null;
    if (!body) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const headers: Record<string, string> = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' };
    for (const rule of headerRules(await readFile(join(dir, '_headers'), 'utf8'))) {
      const matches = rule.pattern.endsWith('*') ? path.startsWith(rule.pattern.slice(0, -1)) : path === rule.pattern;
      if (matches) for (const [name, value] of rule.headers) headers[name.toLowerCase()] = value;
    }
    res.writeHead(200, headers).end(body);
  });
  const url = await listen(server);
  return { server, url, hits, state };
}

export interface PublishedOrigin {
  fixture: DeployFixture;
  /** The directory `release publish` wrote. */
  published: string;
  origin: StaticOrigin;
  /** Stops the server and removes the fixture. */
  dispose(): Promise<void>;
}

/** A deploy root (the publish fixture) published to a directory, served under PREFIX. */
export async function publishedOrigin(shares: { catalogPercent: number; shellPercent: number }): Promise<PublishedOrigin> {
  const fixture = await makeDeployRoot(shares);
  const published = join(fixture.workspace, 'published');
  await publish({ root: fixture.root, target: published });
  const origin = await staticOrigin(published);
  return {
    fixture,
    published,
    origin,
    async dispose() {
      await close(origin.server);
      await rm(fixture.workspace, { recursive: true, force: true });
    },
  };
}
