// Whose build an API call is (x-eyewear-build, docs/adr/055): the shell's own calls name the
// shell build the edge wrote into the page; a remote's area names the build this page view's
// federation chose for that remote (its stable once a failed canary gave way), read at call time.
import type { AppBuild } from '@eyewear/api-client';
import { chosenReleases, type RemoteId } from '@eyewear/federation';
import { shellBuild } from './telemetry';

/** The shell's own calls. */
export const SHELL_BUILD: AppBuild = { app: 'shell', version: () => shellBuild() };

const remotes = new Map<RemoteId, AppBuild>();

/** A remote's calls (one object per remote, so a provider's value stays the same across renders). */
export function remoteBuild(remote: RemoteId): AppBuild {
  let build = remotes.get(remote);
  if (!build) {
    build = { app: remote, version: () => chosenReleases()?.[remote]?.version };
    remotes.set(remote, build);
  }
  return build;
}
