import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { deployBuild } from '@eyewear/tools/deploy';
import { readSignal } from '@eyewear/tools/release/signal';
import { workspace } from './private-site';

export const STABLE_HEADING = 'Eyeglasses, sunglasses and contact lenses';
export const CANARY_HEADING = 'Canary build of the catalogue';

/** The real rebuilt canaries of the catalog (support/rebuild.mjs), built by prepare.mjs. */
export type CanaryKind = 'changed' | 'mismatch' | 'crash';
type Built = { kind: CanaryKind; distDir: string; buildId: string };

async function builds(): Promise<Record<CanaryKind, Built>> {
  return JSON.parse(await readFile(join(workspace, '.e2e-builds/canaries.json'), 'utf8'));
}

/**
 * Deploys a rebuilt canary of the catalog into a site's root as `version` (the release CLI's
 * own copy step), so `release canary catalog <version>` can point shoppers at it. Returns its
 * folder and its build's namespace (`catalog_<buildId>`: its chunk-loading global is
 * `webpackChunkcatalog_<buildId>`).
 */
export async function deployCanary(root: string, kind: CanaryKind, version: string) {
  const build = (await builds())[kind];
  if (!build) throw new Error(`no ${kind} canary: run e2e/prepare.mjs`);
  const target = join(root, 'remotes/catalog', version);
  await rm(target, { recursive: true, force: true });
  const { folder } = await deployBuild({ root, app: 'catalog', distDir: build.distDir, version });
  return { folder, buildId: build.buildId, chunkGlobal: `webpackChunkcatalog_${build.buildId}` };
}

/**
 * A session the site's edge minted (its signed `mf_sid` cookie) whose bucket for the remote's
 * current canary satisfies `wanted`: asked of the edge itself, which answers /remotes.json with
 * a new session and that session's bucket per remote (`cohorts`).
 */
export async function sessionWhere(siteUrl: string, remote: string, wanted: (bucket: number) => boolean) {
  for (let i = 0; i < 500; i += 1) {
    const response = await fetch(`${siteUrl}/remotes.json`);
    const cookie = /mf_sid=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
    const { cohorts } = (await response.json()) as { cohorts?: Record<string, number> };
    const bucket = cohorts?.[remote];
    if (cookie && bucket !== undefined && wanted(bucket)) return { cookie, bucket };
  }
  throw new Error(`the edge minted no session with a wanted ${remote} bucket in 500 tries`);
}

/** The site's release signal for one build (what `release status` and `guard` read). */
export async function signalOf(root: string, app: string, version: string) {
  const signal = await readSignal(root, { since: Date.now() - 60 * 60_000 });
  const apps = signal.apps as Record<string, Record<string, { failed: number; sessions: number; edge: { s4xx: number; s5xx: number } }>>;
  return apps[app]?.[version] ?? null;
}
