// Which builds a session is given (docs/adr/024): a canary when the session's bucket, drawn
// with the canary's own salt, is under its percent. The same choice serves the session's
// remotes.json, its server render and the judging of its release votes.
import { join } from 'node:path';
import { REMOTE_IDS } from '@eyewear/federation';
import type { DeployFiles } from '../files/deploy-files';
import type { EdgeManifest, ReleaseFiles } from '../release/manifest';
import { VERSION } from '../release/signal';
import { bucketOf } from './session';

export interface ShellBuild {
  version: string;
  channel: 'stable' | 'canary';
  dir: string;
  /** The live shell builds' folders, this one first (a tab of either finds its files). */
  live: string[];
}

type Channels = { canary?: { version: string; percent: number; salt?: string } };

/** Which build of an app the session was given: the canary when its bucket is under the percent. */
export function channelFor(app: string, channels: Channels, sessionId: string | null): 'stable' | 'canary' {
  const { canary } = channels;
  if (!canary || !sessionId) return 'stable';
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

  /** The shell build for this session: its canary when in its bucket and deployed, else stable. */
  async function shellFor(sessionId: string | null): Promise<ShellBuild> {
    const shell = await releases.shell();
    const stableDir = shellDir(shell.version);
    if (shell.canary && channelFor('shell', { canary: shell.canary }, sessionId) === 'canary') {
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
   * remotes.json as a session gets it (its remotes.json and its server render alike): the file
   * without the release CLI's rollout state, and the session's bucket per remote.
   */
  async function servedManifest(sessionId: string | null): Promise<EdgeManifest> {
    const manifest = structuredClone(await releases.manifest());
    const cohorts: Record<string, number> = {};
    for (const remote of REMOTE_IDS) {
      const channels = manifest.remotes[remote];
      if (!channels) continue;
      if (channels.canary) delete channels.canary.rollout;
      // Without a session (minting refused), the last bucket: stable unless a canary is at 100 %.
      cohorts[remote] = sessionId ? bucketOf(remote, channels.canary?.salt ?? remote, sessionId) : 99;
    }
    manifest.cohorts = cohorts;
    for (const [remote, entry] of Object.entries(overrides)) {
      if (manifest.remotes[remote]) manifest.remotes[remote] = { stable: { version: 'dev', entry } };
    }
    return manifest;
  }

  /**
   * Whether a vote about `app`@`version` from this session counts: the version must be the
   * app's stable, or its canary for a session in the canary's bucket.
   */
  async function judgeFor(sessionId: string) {
    const manifest = await releases.manifest();
    const shell = await releases.shell().catch(() => null);
    return (app: string, version: string): 'yes' | 'not-assigned' | 'unknown' => {
      const channels = app === 'shell' ? (shell ? { stable: { version: shell.version }, canary: shell.canary } : null) : manifest.remotes[app];
      if (!channels) return 'unknown';
      if (version === channels.stable.version) return 'yes';
      if (channels.canary && version === channels.canary.version) return channelFor(app, channels, sessionId) === 'canary' ? 'yes' : 'not-assigned';
      return 'unknown';
    };
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

  return { shellFor, otherShellDirs, servedManifest, judgeFor, liveDirs };
}

export type Cohorts = ReturnType<typeof createCohorts>;
