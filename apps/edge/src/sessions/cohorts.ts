// Which builds a session is given (docs/adr/024): a canary when the session's bucket, drawn
// with the canary's own salt, is under its percent. The same choice serves the session's
// remotes.json, its server render and the judging of its release votes.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { REMOTE_IDS } from '@eyewear/federation';
import type { DeployFiles } from '../files/deploy-files';
import type { EdgeManifest, ReleaseFiles } from '../release/manifest';
import { VERSION, type Judge, type Judgement } from '../release/signal';
import { bucketOf } from './session';

export interface ShellBuild {
  version: string;
  channel: 'stable' | 'canary';
  dir: string;
  /** The live shell builds' folders, this one first (a tab of either finds its files). */
  live: string[];
}

type Channel = 'stable' | 'canary';
type Channels = { canary?: { version: string; percent: number; salt?: string } };

/** The builds one kind of session is given: its shell and its remotes.json (docs/adr/048). */
export interface Variant {
  /** A short hash of both: the BUILDS_COOKIE value and the `b-<id>` cache key of its pages. */
  id: string;
  shell: ShellBuild;
  manifest: EdgeManifest;
}

/** A variant's id: 12 hex digits of the sha256 of its shell build and its remotes.json. */
export function variantId(shell: Pick<ShellBuild, 'version' | 'channel'>, manifest: EdgeManifest): string {
  return createHash('sha256')
    .update(JSON.stringify([shell.version, shell.channel, manifest]))
    .digest('hex')
    .slice(0, 12);
}

/** The run of a stable build's votes; a canary's run is its salt (docs/adr/057). */
export const STABLE_RUN = 'stable';
/** A canary's run: its salt (drawn when it starts), or its app's name for one written without a salt. */
export const runOfCanary = (app: string, canary: { salt?: string | undefined }): string => canary.salt ?? `${app}-unsalted`;

/** Which build of an app the session was given: the canary when its bucket is under the percent. */
export function channelFor(app: string, channels: Channels, sessionId: string | null): Channel {
  const { canary } = channels;
  if (!canary) return 'stable';
  // Without a session (a first visit, minting refused): the last bucket, so a canary at 100 % only.
  if (!sessionId) return canary.percent >= 100 ? 'canary' : 'stable';
  return bucketOf(app, canary.salt ?? app, sessionId) < canary.percent ? 'canary' : 'stable';
}

export function createCohorts({
  root,
  files,
  releases,
  overrides,
}: {
  root: string;
  files: DeployFiles;
  releases: ReleaseFiles;
  /** remote -> manifest URL of a remote in development (`npm run dev`). */
  overrides: Record<string, string>;
}) {
  const shellDir = (version: string) => join(root, 'shell', version);
  const exists = (file: string) =>
    files.stat(file).then(
      () => true,
      () => false,
    );

  /** The shell build of a channel: its canary when asked and deployed, else stable. */
  async function shellOf(channel: Channel): Promise<ShellBuild> {
    const shell = await releases.shell();
    const stableDir = shellDir(shell.version);
    if (shell.canary && channel === 'canary') {
      const dir = shellDir(shell.canary.version);
      if (await exists(join(dir, 'index.html'))) return { version: shell.canary.version, channel: 'canary', dir, live: [dir, stableDir] };
    }
    return { version: shell.version, channel: 'stable', dir: stableDir, live: shell.canary ? [stableDir, shellDir(shell.canary.version)] : [stableDir] };
  }

  /** Deployed shell builds other than the live ones (not half-copied deploys). */
  async function otherShellDirs(live: readonly string[]): Promise<string[]> {
    const names = await files.readdir(join(root, 'shell')).catch((): string[] => []);
    return names
      .filter((name) => VERSION.test(name) && !/\.partial-\d+$/.test(name))
      .map(shellDir)
      .filter((dir) => !live.includes(dir));
  }

  /**
   * remotes.json as the builds of `remotes` (a channel per remote) get it (docs/adr/048): the
   * file without the release CLI's rollout state and the canaries' salts; a canary only where
   * its channel is given (the browser needs it, and stable to fall back on), with bucket 0 there
   * and 99 elsewhere. Every session of the same builds gets the same bytes, so a page that
   * carries it can be shared, and no session learns its bucket or a canary's salt.
   */
  function manifestFor(file: EdgeManifest, remotes: Readonly<Record<string, Channel>>, keepCanaries = false): EdgeManifest {
    const manifest = structuredClone(file);
    const cohorts: Record<string, number> = {};
    for (const remote of REMOTE_IDS) {
      const channels = manifest.remotes[remote];
      if (!channels) continue;
      if (channels.canary && (remotes[remote] === 'canary' || keepCanaries)) {
        delete channels.canary.rollout;
        delete channels.canary.salt;
        cohorts[remote] = remotes[remote] === 'canary' ? 0 : 99;
      } else {
        delete channels.canary;
        cohorts[remote] = 99;
      }
    }
    manifest.cohorts = cohorts;
    for (const [remote, entry] of Object.entries(overrides)) {
      if (manifest.remotes[remote]) manifest.remotes[remote] = { stable: { version: 'dev', entry } };
    }
    return manifest;
  }

  /** The builds of one channel per app, as a variant (its id names it in cookies and cache keys). */
  async function variantOfChannels(file: EdgeManifest, shellChannel: Channel, remotes: Readonly<Record<string, Channel>>, qa = false): Promise<Variant> {
    const shell = await shellOf(shellChannel);
    const manifest = manifestFor(file, remotes, qa);
    return { id: variantId(shell, manifest), shell, manifest };
  }

  /** The builds a session is given (no session: a visitor without one, stable unless a canary is at 100 %). */
  async function variantFor(sessionId: string | null, { qa = false }: { qa?: boolean } = {}): Promise<Variant> {
    const file = await releases.manifest();
    const shell = await releases.shell();
    const remotes = Object.fromEntries(REMOTE_IDS.map((remote) => [remote, channelFor(remote, file.remotes[remote] ?? {}, sessionId)]));
    // A QA override may name any canary: its page (never shared) carries them all.
    return variantOfChannels(file, shell.canary ? channelFor('shell', { canary: shell.canary }, sessionId) : 'stable', remotes, qa);
  }

  /**
   * The ids of every variant some session can be given now: each app with a canary on either
   * channel (at most 2^7). A variant that leaves this set is purged from the shared cache.
   */
  async function liveVariantIds(): Promise<Set<string>> {
    const file = await releases.manifest();
    const shell = await releases.shell();
    const apps = [...(shell.canary ? ['shell'] : []), ...REMOTE_IDS.filter((remote) => file.remotes[remote]?.canary)];
    const ids = new Set<string>();
    for (let mask = 0; mask < 2 ** apps.length; mask += 1) {
      const channelOf = (app: string): Channel => (apps.includes(app) && (mask >> apps.indexOf(app)) & 1 ? 'canary' : 'stable');
      const remotes = Object.fromEntries(REMOTE_IDS.map((remote) => [remote, channelOf(remote)]));
      ids.add((await variantOfChannels(file, channelOf('shell'), remotes)).id);
    }
    return ids;
  }

  /**
   * Whether a vote about `app`@`version` from this session counts: the version must be the
   * app's stable, or its canary for a session in the canary's bucket. With it, the run the vote
   * belongs to: 'stable', or the canary's salt (a new canary of the same version is a new run).
   */
  async function judgeFor(sessionId: string): Promise<Judge> {
    const manifest = await releases.manifest();
    const shell = await releases.shell().catch(() => null);
    return (app: string, version: string): Judgement => {
      const channels = app === 'shell' ? (shell ? { stable: { version: shell.version }, canary: shell.canary } : null) : manifest.remotes[app];
      if (!channels) return { verdict: 'unknown', run: '' };
      if (version === channels.stable.version) return { verdict: 'yes', run: STABLE_RUN };
      if (channels.canary && version === channels.canary.version) {
        const run = runOfCanary(app, channels.canary);
        return { verdict: channelFor(app, channels, sessionId) === 'canary' ? 'yes' : 'not-assigned', run };
      }
      return { verdict: 'unknown', run: '' };
    };
  }

  /** The run of a live build: its canary's salt, 'stable', or null for a build that is neither now. */
  async function runOf(app: string, version: string): Promise<string | null> {
    const manifest = await releases.manifest();
    const shell = await releases.shell().catch(() => null);
    const channels = app === 'shell' ? (shell ? { stable: { version: shell.version }, canary: shell.canary } : null) : manifest.remotes[app];
    if (!channels) return null;
    if (channels.stable.version === version) return STABLE_RUN;
    return channels.canary?.version === version ? runOfCanary(app, channels.canary) : null;
  }

  /** Every build a session is given (the shell and each remote) with its run: what a page view it starts may vote on. */
  async function buildsOf(sessionId: string): Promise<Array<{ app: string; version: string; run: string }>> {
    const manifest = await releases.manifest();
    const shell = await releases.shell().catch(() => null);
    const builds: Array<{ app: string; version: string; run: string }> = [];
    const add = (app: string, channels: Channels & { stable: { version: string } }) => {
      const canary = channels.canary && channelFor(app, channels, sessionId) === 'canary' ? channels.canary : null;
      builds.push(canary ? { app, version: canary.version, run: runOfCanary(app, canary) } : { app, version: channels.stable.version, run: STABLE_RUN });
    };
    if (shell) add('shell', { stable: { version: shell.version }, canary: shell.canary });
    for (const remote of REMOTE_IDS) {
      const channels = manifest.remotes[remote];
      if (channels) add(remote, channels);
    }
    return builds;
  }

  /** The live builds' folders (the shell's stable and canary, each remote's stable and canary). */
  async function liveDirs(): Promise<string[]> {
    const dirs: string[] = [];
    const shell = await releases.shell().catch(() => null);
    if (shell) dirs.push(shellDir(shell.version), ...(shell.canary ? [shellDir(shell.canary.version)] : []));
    const manifest = await releases.manifest().catch(() => null);
    for (const [remote, channels] of Object.entries(manifest?.remotes ?? {}))
      for (const release of [channels.stable, channels.canary]) if (release?.version) dirs.push(join(root, 'remotes', remote, release.version));
    return dirs;
  }

  return { otherShellDirs, variantFor, liveVariantIds, judgeFor, buildsOf, runOf, liveDirs };
}

export type Cohorts = ReturnType<typeof createCohorts>;
