// One page rendered in a render worker (docs/adr/029, 046): the shell's prepareRender builds the
// tree, React's streaming renderer writes it, and whatever is still pending at the deadline is
// left to the browser. Every area the browser must render that was not planned so (a remote
// build that failed to load or threw, a store that did not answer) is named in the result: the
// page is then not kept as complete, and the edge logs and counts it against that build.
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { ReactElement } from 'react';
import type { ClientArea, RenderHead, RenderJob, RenderRefusal, RenderResult } from '../types';
import { CLIENT_AREA_DIGEST, withDeadline, type WorkerFederation } from './federation';

/**
 * The nonce React writes on a render's own scripts (those that finish an area left to the
 * browser at the deadline). One render can answer several requests, each with a CSP nonce of
 * its own, so each response swaps in its own (page.ts). Unguessable.
 */
const RENDER_NONCE = randomBytes(12).toString('hex');

/** What the shell's server entry gives (apps/shell/src/server.tsx ServerRender). */
interface PreparedRender {
  element: ReactElement;
  head: RenderHead;
  state(): Record<string, unknown>;
  onError(error: unknown): string;
  ready?: Promise<void>;
}
interface ShellServer {
  prepareRender(options: Record<string, unknown>): PreparedRender;
}

export class RenderRefused extends Error {
  constructor(
    readonly refusal: RenderRefusal,
    message: string,
  ) {
    super(message);
  }
}

const isShellServer = (value: unknown): value is ShellServer =>
  typeof value === 'object' && value !== null && typeof (value as { prepareRender?: unknown }).prepareRender === 'function';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** An area left to the browser by plan: a remote that renders there (the shell's server loader). */
function plannedArea(error: unknown, serverRemotes: readonly string[]): boolean {
  const match = / ?(\S+) renders in the browser$/.exec(messageOf(error));
  return Boolean(match && !serverRemotes.includes(match[1] ?? ''));
}

/** The remote whose container an error names (`<container>/<expose> did not load...`). */
function remoteOf(error: unknown, containers: RenderJob['containers']): string | undefined {
  const message = messageOf(error);
  return Object.entries(containers).find(([remote, container]) => message.includes(container.name) || message.startsWith(`${remote} `))?.[0];
}

export async function renderPage(federation: WorkerFederation, job: RenderJob, log: (line: string) => void): Promise<Omit<RenderResult, 'cacheKeys'>> {
  let server: unknown;
  try {
    server = await withDeadline(federation.shellServer, job.moduleDeadlineMs, 'the shell server build');
  } catch (error) {
    const slow = (error as { digest?: unknown }).digest === CLIENT_AREA_DIGEST;
    throw new RenderRefused(slow ? 'shell-slow' : 'shell-failed', messageOf(error));
  }
  if (!isShellServer(server)) throw new RenderRefused('shell-failed', 'the shell server build has no prepareRender');
  const loadModule = (remote: string, expose: string) => {
    const container = job.containers[remote];
    if (!container) return Promise.reject(Object.assign(new Error(`${remote} has no server build`), { digest: CLIENT_AREA_DIGEST }));
    return federation.loadModule(container, expose, job.moduleDeadlineMs);
  };
  const prepared = server.prepareRender({
    url: job.url,
    hostname: job.hostname,
    userAgent: job.userAgent,
    mobile: job.mobile,
    apiUrl: job.apiUrl,
    customerType: job.customerType,
    ...(job.cookie !== undefined ? { cookie: job.cookie } : {}),
    loadModule,
    serverRemotes: job.serverRemotes,
    chosen: job.chosen,
  });
  const started = process.hrtime.bigint();
  const cpuStart = process.cpuUsage();
  // A shopper's page reads their session first; without an answer in time it renders as the
  // browser will before it knows (the login guard's skeleton).
  if (prepared.ready) await withDeadline(prepared.ready, job.moduleDeadlineMs, 'the session').catch(() => undefined);
  const failedAreas: ClientArea[] = [];
  let timedOut = false;
  const html = await new Promise<string | null>((resolve) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        done();
        resolve(Buffer.concat(chunks).toString('utf8'));
      },
    });
    let failed = false;
    let shellReady = false;
    let piped = false;
    const pipe = () => {
      if (piped) return;
      piped = true;
      stream.pipe(sink);
    };
    const stream = renderToPipeableStream(prepared.element, {
      nonce: RENDER_NONCE,
      // The whole page at once, in place: the head depends on the page's data, and a crawler
      // without JavaScript must not get content hidden behind the streaming runtime's scripts.
      // React outlines a finished boundary past this many bytes (a hidden <div> moved by an
      // inline script: a long task of its own on a phone, ADR 037); sent at once, it has no use.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady() {
        shellReady = true;
      },
      onAllReady() {
        clearTimeout(timer);
        pipe();
      },
      onShellError(error) {
        failed = true;
        clearTimeout(timer);
        log(`server render of ${job.url} failed: ${messageOf(error)}`);
        resolve(null);
      },
      onError(error) {
        const digest = prepared.onError(error);
        if (!timedOut && !plannedArea(error, job.serverRemotes)) {
          const remote = remoteOf(error, job.containers);
          failedAreas.push({ ...(remote ? { remote } : {}), reason: messageOf(error) });
        }
        if (digest !== CLIENT_AREA_DIGEST) log(`server render of ${job.url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        return digest;
      },
    });
    // Past the deadline what is still pending is sent as its fallback; the browser renders it.
    const timer = setTimeout(() => {
      if (failed) return;
      timedOut = true;
      failedAreas.push({ reason: `the render deadline (${job.deadlineMs} ms)` });
      stream.abort(Object.assign(new Error('render deadline'), { digest: CLIENT_AREA_DIGEST }));
      if (shellReady) pipe();
    }, job.deadlineMs);
  });
  if (html === null) throw new RenderRefused('shell-error', `the shell of ${job.url} failed to render`);
  const cpu = process.cpuUsage(cpuStart);
  return {
    html,
    nonce: RENDER_NONCE,
    head: prepared.head,
    state: prepared.state(),
    serverRemotes: job.serverRemotes,
    // Kept in the cache only when nothing failed and no per-response script is in it.
    complete: failedAreas.length === 0 && !html.includes('<script'),
    failedAreas,
    timing: { ms: Number(process.hrtime.bigint() - started) / 1e6, cpuMs: (cpu.user + cpu.system) / 1000 },
  };
}
