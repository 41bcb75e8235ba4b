// What the edge's main thread and a render worker tell each other (docs/adr/046). Plain data:
// it crosses a thread by structured clone.

/** A server container to load: a build's name (its build id is in it) and its remoteEntry.js URL. */
export interface ServerContainer {
  name: string;
  entry: string;
}

/** One page to render, as the main thread asks a worker for it. */
export interface RenderJob {
  /** The request's path and query, as the shopper asked (country prefix included). */
  url: string;
  hostname: string;
  userAgent: string;
  mobile: boolean;
  customerType: 'NEW' | 'REPEAT';
  /** The shopper's cookies, for a page rendered for its shopper alone (docs/adr/033). */
  cookie?: string;
  apiUrl: string;
  /** The shopper's builds (`remote -> { version, entry, channel... }`), as chooseReleases gave them. */
  chosen: Record<string, { version: string; entry: string; channel: string }>;
  /** The server containers of the chosen builds that have one (`remote -> container`). */
  containers: Record<string, ServerContainer>;
  /** The remotes whose areas render on the server for this page. */
  serverRemotes: string[];
  deadlineMs: number;
  moduleDeadlineMs: number;
}

/** An area React left to the browser, and why. */
export interface ClientArea {
  /** The remote whose build it was, when the error names one. */
  remote?: string;
  reason: string;
}

export interface RenderResult {
  html: string;
  /** The nonce React wrote on the render's own scripts (the document swaps in the response's). */
  nonce: string;
  head: RenderHead;
  state: Record<string, unknown>;
  serverRemotes: string[];
  /**
   * Nothing left to the browser but what was planned (another remote's area): kept in the
   * page cache only then. A render past its deadline, or with an area that failed, is not.
   */
  complete: boolean;
  /** Areas that should have rendered on the server and did not (failures, not plans). */
  failedAreas: ClientArea[];
  /** The cache keys the API named on the calls the render made (the page's surrogate keys, docs/adr/048). */
  cacheKeys: string[];
  timing: { ms: number; cpuMs: number };
}

export interface RenderHead {
  title?: string;
  description?: string;
  canonical?: string;
  alternates?: { hrefLang: string; href: string }[];
  jsonLd?: unknown[];
  status?: number;
  page?: { remote?: unknown; expose?: unknown };
  [key: string]: unknown;
}

/** Why a page went to the browser entirely (no render result). */
export type RenderRefusal = 'no-server-build' | 'shell-failed' | 'shell-slow' | 'shell-error' | 'worker-failed';

/**
 * The document around a rendered page, as the shell's server build makes it (apps/shell
 * src/document/document.tsx DocumentParts): plain data.
 */
export interface DocumentParts {
  shell: { version: string; channel: string };
  head: Pick<RenderHead, 'title' | 'description' | 'canonical' | 'alternates' | 'jsonLd'>;
  entry: string[];
  files: { css: string[]; js: string[]; styles: { href: string; text: string }[] };
  root: string;
  state: Record<string, unknown>;
  nonce: string | null;
}

export type WorkerAnswer = { id: number; result: RenderResult } | { id: number; document: string } | { id: number; refused: RenderRefusal; message: string };

export type WorkerMessage = { type: 'render'; id: number; job: RenderJob } | { type: 'document'; id: number; parts: DocumentParts };

/** What a worker is started with: the one shell build it renders for. */
export interface WorkerSetup {
  shellVersion: string;
  shell: ServerContainer;
}
