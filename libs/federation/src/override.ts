import { readCookie } from './cohort';
import { type ChosenRemote, type RemotesManifest } from './manifest';
import { isRemoteId, REMOTE_IDS, type RemoteId } from './remotes';

/** QA's override: `?remote-override=catalog@1.5.0-rc.1,product@2.0.0`, kept for the visit in this cookie. */
export const OVERRIDE_PARAM = 'remote-override';
export const OVERRIDE_COOKIE = 'mf_override';

export type Overrides = Partial<Record<RemoteId, string>>;

/** Reads `remote@version` pairs; anything malformed or naming an unknown remote is dropped. */
export function parseOverrides(value: string | null | undefined): Overrides {
  const overrides: Overrides = {};
  if (!value) return overrides;
  for (const pair of value.split(',')) {
    const at = pair.indexOf('@');
    if (at <= 0) continue;
    const remote = pair.slice(0, at).trim();
    const version = pair.slice(at + 1).trim();
    if (isRemoteId(remote) && /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/.test(version)) overrides[remote] = version;
  }
  return overrides;
}

export function formatOverrides(overrides: Overrides): string {
  return REMOTE_IDS.filter((remote) => overrides[remote])
    .map((remote) => `${remote}@${overrides[remote]}`)
    .join(',');
}

/**
 * Applies QA's overrides to the cohort's choice. Only versions the manifest names (a remote's
 * stable or canary) are honoured, so an override can never point a page at an arbitrary
 * folder; the others are returned as rejected.
 */
export function applyOverrides(
  chosen: Record<RemoteId, ChosenRemote>,
  manifest: RemotesManifest,
  overrides: Overrides,
): { chosen: Record<RemoteId, ChosenRemote>; rejected: string[] } {
  const result = { ...chosen };
  const rejected: string[] = [];
  for (const remote of REMOTE_IDS) {
    const version = overrides[remote];
    if (!version) continue;
    const { stable, canary } = manifest.remotes[remote];
    // The shopper's bucket stays on record (the debug panel shows it), though QA's choice wins.
    const { bucket, bucketFrom } = chosen[remote];
    const kept = bucket === undefined ? {} : { bucket, bucketFrom };
    if (version === stable.version) result[remote] = { remote, channel: 'stable', version, entry: stable.entry, overridden: true, ...kept };
    else if (canary && version === canary.version) result[remote] = { remote, channel: 'canary', version, entry: canary.entry, overridden: true, ...kept };
    else rejected.push(`${remote}@${version}`);
  }
  return { chosen: result, rejected };
}

/**
 * The overrides of this page view: the query parameter wins and is remembered in a session
 * cookie for the visit; `?remote-override=clear` forgets it.
 */
export function readOverrides(search: string, doc: Pick<Document, 'cookie'> = document): Overrides {
  const param = new URLSearchParams(search).get(OVERRIDE_PARAM);
  if (param === 'clear') {
    doc.cookie = `${OVERRIDE_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
    return {};
  }
  if (param) {
    const overrides = parseOverrides(param);
    doc.cookie = `${OVERRIDE_COOKIE}=${encodeURIComponent(formatOverrides(overrides))}; Path=/; SameSite=Lax`;
    return overrides;
  }
  return parseOverrides(readCookie(doc.cookie, OVERRIDE_COOKIE));
}
