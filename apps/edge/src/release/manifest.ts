// remotes.json and shell.json as the edge reads them (docs/adr/024): the shapes it relies on,
// and the last good copy of each, served while the file is missing or broken.
import { join } from 'node:path';
import { REMOTE_IDS } from '@eyewear/federation';
import type { DeployFiles } from '../files/deploy-files';
import { VERSION } from './signal';

export interface Release {
  version: string;
  entry: string;
}
export interface Canary {
  version: string;
  percent: number;
  salt?: string;
  entry?: string;
  rollout?: unknown;
}
export interface EdgeManifest {
  schemaVersion: 1;
  remotes: Record<string, { stable: Release; canary?: Canary }>;
  cohorts?: Record<string, number>;
  [key: string]: unknown;
}
export interface ShellFile {
  version: string;
  canary?: { version: string; percent: number; salt?: string };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function isCanary(canary: unknown): boolean {
  if (canary === undefined) return true;
  if (!isObject(canary)) return false;
  const { version, percent } = canary;
  return typeof version === 'string' && VERSION.test(version) && Number.isInteger(percent) && (percent as number) >= 0 && (percent as number) <= 100;
}

/**
 * The parts of remotes.json the edge relies on (the browser checks the rest with
 * parseRemotesManifest): every remote with a stable version, canaries with a percent.
 */
export function checkManifestShape(manifest: unknown): manifest is EdgeManifest {
  if (!isObject(manifest) || manifest['schemaVersion'] !== 1 || !isObject(manifest['remotes'])) return false;
  const remotes = manifest['remotes'];
  // Remotes the file lists must be well formed (the browser's parser also requires all five).
  return REMOTE_IDS.filter((remote) => remotes[remote] !== undefined).every((remote) => {
    const channels = remotes[remote];
    if (!isObject(channels) || !isObject(channels['stable'])) return false;
    const { version, entry } = channels['stable'];
    return typeof version === 'string' && VERSION.test(version) && typeof entry === 'string' && isCanary(channels['canary']);
  });
}

/** shell.json: `{ version, canary?: { version, percent, salt? } }` (the stable shell is `version`). */
export function checkShellShape(shell: unknown): shell is ShellFile {
  return isObject(shell) && typeof shell['version'] === 'string' && VERSION.test(shell['version']) && isCanary(shell['canary']);
}

/** The deploy root's remotes.json and shell.json, each the last good one while the file is not. */
export function createReleaseFiles({ files, root, source, log }: { files: DeployFiles; root: string; source: string; log: (line: string) => void }) {
  let goodManifest: EdgeManifest | null = null;
  let goodShell: ShellFile | null = null;
  const warned = new Set<string>();

  async function readGood<T>(name: string, check: (value: unknown) => value is T, last: T | null): Promise<T> {
    try {
      const value: unknown = JSON.parse(await files.readFile(join(root, name), 'utf8'));
      if (!check(value)) throw new Error('it does not have the expected shape');
      warned.delete(name);
      return value;
    } catch (error) {
      if (!last) throw error;
      if (!warned.has(name)) {
        warned.add(name);
        log(
          `${name} in ${source} is unreadable or invalid (${error instanceof Error ? error.message : String(error)}); serving the last good one until it is fixed`,
        );
      }
      return last;
    }
  }

  return {
    async manifest(): Promise<EdgeManifest> {
      goodManifest = await readGood('remotes.json', checkManifestShape, goodManifest);
      return goodManifest;
    },
    async shell(): Promise<ShellFile> {
      goodShell = await readGood('shell.json', checkShellShape, goodShell);
      return goodShell;
    },
  };
}

export type ReleaseFiles = ReturnType<typeof createReleaseFiles>;
