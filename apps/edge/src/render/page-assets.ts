// A remote's files for one of its pages, from its browser build's mf-manifest.json.

interface ManifestAssets {
  js?: { sync?: string[] };
  css?: { sync?: string[]; async?: string[] };
}
/** The parts of a browser mf-manifest.json the edge reads. */
export interface BrowserManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { path: string; assets?: ManifestAssets }[];
}

/**
 * A remote's files for an exposed page, from its browser mf-manifest.json: the entry and the
 * page's chunks (to preload) and its CSS (linked, so the HTML is styled before any script runs).
 */
export function pageAssets(manifestUrl: string, manifest: BrowserManifest | null, expose: string): { js: string[]; css: string[] } {
  const base = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
  const at = (file: string) => new URL(file, new URL(base, 'http://x')).pathname;
  const entry = manifest?.metaData?.remoteEntry;
  const page = manifest?.exposes?.find((e) => e.path === expose);
  const js: string[] = [];
  if (entry?.name) js.push(at(`${entry.path ?? ''}${entry.name}`));
  for (const chunk of page?.assets?.js?.sync ?? []) js.push(at(chunk));
  // The page's CSS and its lazy parts' (rendered on the server too), each file once.
  const css = [...new Set([...(page?.assets?.css?.sync ?? []), ...(page?.assets?.css?.async ?? [])])].map(at);
  return { js, css };
}
