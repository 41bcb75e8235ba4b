import { parseRemotesManifest, type RemotesManifest } from '@eyewear/federation';

/** What a server-rendered document hands the browser (issue 19; written by server.tsx). */
export interface ServerState {
  state: Record<string, unknown>;
  queries: Record<string, unknown>;
  manifest: RemotesManifest;
  /** The version of each remote the HTML was rendered with. */
  chosen: Record<string, string>;
  mobile: boolean;
  /** The remotes' modules ([remote, expose]) and lazy components the HTML was rendered with. */
  modules: [string, string][];
  lazies: string[];
}

/** The id of the script element a server-rendered page's state is in (document.tsx writes it). */
export const SERVER_STATE_ID = 'eyewear-ssr';

/**
 * The server's state from the document, or null for a page the browser renders alone (no
 * state, or one that does not parse: then the page renders from scratch, as before).
 */
export function readServerState(doc: Pick<Document, 'getElementById'>): ServerState | null {
  const script = doc.getElementById(SERVER_STATE_ID);
  if (!script?.textContent) return null;
  try {
    const value = JSON.parse(script.textContent) as Partial<ServerState>;
    if (!value || typeof value.state !== 'object' || value.state === null) return null;
    return {
      state: value.state as Record<string, unknown>,
      queries: typeof value.queries === 'object' && value.queries !== null ? value.queries : {},
      manifest: parseRemotesManifest(value.manifest),
      chosen: typeof value.chosen === 'object' && value.chosen !== null ? value.chosen : {},
      mobile: value.mobile === true,
      modules: Array.isArray(value.modules)
        ? value.modules.filter((pair): pair is [string, string] => Array.isArray(pair) && pair.length === 2 && pair.every((part) => typeof part === 'string'))
        : [],
      lazies: Array.isArray(value.lazies) ? value.lazies.filter((key): key is string => typeof key === 'string') : [],
    };
  } catch {
    return null;
  }
}
