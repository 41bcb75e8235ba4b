// What a page takes from the deployed builds beyond the document: the shell build's inlined
// stylesheets, a remote build's browser manifest (its page's files) and its CSS text, and a
// server build's build.json.
import { join } from 'node:path';
import { OriginError, type DeployFiles } from '../files/deploy-files';
import { safeJoin } from '../files/safe-join';
import type { BrowserManifest } from './page-assets';

export function createBuildFiles({ root, files, deployedText }: { root: string; files: DeployFiles; deployedText: (file: string) => Promise<string | null> }) {
  /** Browser manifests of remote builds (immutable per version). */
  const manifests = new Map<string, Promise<BrowserManifest | null>>();

  function browserManifestOf(remote: string, version: string): Promise<BrowserManifest | null> {
    const key = `${remote}@${version}`;
    let manifest = manifests.get(key);
    if (!manifest) {
      manifest = files
        .readFile(join(root, 'remotes', remote, version, 'mf-manifest.json'), 'utf8')
        .then((text) => JSON.parse(text) as BrowserManifest)
        .catch(() => null);
      manifests.set(key, manifest);
      if (manifests.size > 200) manifests.delete(manifests.keys().next().value as string);
    }
    return manifest;
  }

  /**
   * The shell build's stylesheets, inlined (the header and the page's frame are styled before
   * any script runs). Each under the URL the shell's CSS loader looks for, so its chunks never
   * load them a second time.
   */
  async function shellStyles(shellDir: string): Promise<{ href: string; text: string }[]> {
    const info = await deployedText(join(shellDir, 'build.json'));
    let names: string[] = [];
    try {
      const styles = (JSON.parse(info ?? '{}') as { styles?: unknown }).styles;
      names = Array.isArray(styles) ? styles.filter((name): name is string => typeof name === 'string' && /^[\w.-]+\.css$/.test(name)) : [];
    } catch {
      names = [];
    }
    const styles = await Promise.all(names.map(async (name) => ({ href: `/${name}`, text: await deployedText(join(shellDir, name)) })));
    return styles.filter((style): style is { href: string; text: string } => style.text !== null);
  }

  /** The shell build's entry scripts (their URL paths, in the order they run: build.json's `entry`). */
  async function shellEntry(shellDir: string): Promise<string[]> {
    try {
      const entry = (JSON.parse((await deployedText(join(shellDir, 'build.json'))) ?? '{}') as { entry?: unknown }).entry;
      return Array.isArray(entry)
        ? entry.filter((name): name is string => typeof name === 'string' && /^[\w.-]+\.js$/.test(name)).map((name) => `/${name}`)
        : [];
    } catch {
      return [];
    }
  }

  /** A remote build's CSS files (their URL paths), as text to inline. */
  async function remoteStyles(hrefs: string[]): Promise<{ href: string; text: string }[]> {
    const styles = await Promise.all(
      hrefs.map(async (href) => {
        const file = safeJoin(join(root, 'remotes'), href.replace(/^\/remotes/, ''));
        return { href, text: file ? await deployedText(file) : null };
      }),
    );
    return styles.filter((style): style is { href: string; text: string } => style.text !== null);
  }

  /** A server build's build.json, from the deploy root or the origin (null: not deployed). */
  function readBuildInfo(path: string): Promise<unknown> {
    return files
      .readFile(join(root, path.replace(/^\/_edge\/shell\//, '/shell/')), 'utf8')
      .then((text) => JSON.parse(text) as unknown)
      .catch((error: unknown) => {
        if (error instanceof OriginError) throw error;
        return null;
      });
  }

  return { files, browserManifestOf, shellStyles, shellEntry, remoteStyles, readBuildInfo };
}

export type BuildFiles = ReturnType<typeof createBuildFiles>;
