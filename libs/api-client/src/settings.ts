import { useEffect, useState } from 'react';
import { type ApiClient, apiClientFor } from './client';
import { shellRoutes } from './contract/areas/shell-routes';
import { pageWide } from './page-state';

/** The remote settings (shopping §7 "redis config"): a JSON value per key, e.g. NEW_AUTH_POPUP_DESKTOP. */
export type RemoteSettings = Readonly<Record<string, unknown>>;

interface Entry {
  promise: Promise<RemoteSettings>;
  value?: RemoteSettings;
}

// One fetch per page and country: every app bundles its own copy of this module, so the
// cache lives on the page (like the client's session creation), not in the module.
const cache = pageWide('__eyewearSettings', (): Record<string, Entry> => ({}));

/**
 * The page's settings for a country, fetched once: later callers share the answer. A failed
 * fetch is not kept, so the next caller tries again.
 */
export function loadSettings(client: Pick<ApiClient, 'call'>, country: string): Promise<RemoteSettings> {
  const known = cache[country];
  if (known) return known.promise;
  const entry: Entry = {
    promise: client.call(shellRoutes.settings).then((body) => {
      entry.value = body.result;
      return body.result;
    }),
  };
  entry.promise.catch(() => {
    if (cache[country] === entry) delete cache[country];
  });
  cache[country] = entry;
  return entry.promise;
}

/** For tests: forget what was fetched. */
export function forgetSettings(): void {
  for (const country of Object.keys(cache)) delete cache[country];
}

/** A switch setting: `{ enable: 'ON' }`, `'ON'` or `true` mean on; anything else (or missing) off. */
export function settingOn(settings: RemoteSettings | null | undefined, key: string): boolean {
  const value = settings?.[key];
  const enable = typeof value === 'object' && value !== null ? (value as { enable?: unknown }).enable : value;
  return enable === true || enable === 'ON' || enable === 'true';
}

/**
 * The settings in a component: null while the page's one fetch is under way, then the
 * settings. If they cannot be fetched, an empty set: every reader falls back to its default
 * (spec: other failures show no message).
 */
export function useRemoteSettings(country: string, client?: Pick<ApiClient, 'call'>): RemoteSettings | null {
  const [settings, setSettings] = useState<RemoteSettings | null>(() => cache[country]?.value ?? null);
  useEffect(() => {
    let live = true;
    loadSettings(client ?? apiClientFor(country), country).then(
      (loaded) => live && setSettings(loaded),
      () => live && setSettings({}),
    );
    return () => {
      live = false;
    };
  }, [client, country]);
  return settings;
}
