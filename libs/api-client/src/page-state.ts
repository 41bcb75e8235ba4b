/**
 * The API client's page-wide state, named in one place (issue 18, item 6).
 *
 * libs/api-client is not a shared module: every app (the shell and each remote) bundles its
 * own copy, and a page runs several copies at once, even of different builds (a canary beside
 * stable). What must be one per page therefore lives on `globalThis`, under these names, which
 * every build of every app agrees on. They are part of the contract between builds: renaming
 * one splits the page in two (two session creations, two reachability states), so a change of
 * shape needs a new name and a release of every app.
 *
 * - `__eyewearSessionCreation`: the session creation in flight, per country (`client.ts`): two
 *   first calls at once, from the shell and a remote, create one session, not two.
 * - `__eyewearReachability`: whether the store (the API) answers (`reachability.ts`): the
 *   shell's areas show one "can't reach the store" state whoever's call failed.
 * - `__eyewearSettings`: the remote settings, fetched once per page and country (`settings.ts`).
 */
export interface PageWideState {
  __eyewearSessionCreation: Record<string, Promise<unknown> | null>;
  __eyewearReachability: unknown;
  __eyewearSettings: Record<string, unknown>;
}

/** The page's value of `name`, created by `init` on the first use by any copy of the client. */
export function pageWide<K extends keyof PageWideState, V extends PageWideState[K]>(name: K, init: () => V): V {
  const page = globalThis as unknown as Partial<Record<K, V>>;
  return (page[name] ??= init());
}
