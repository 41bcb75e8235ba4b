// The app build that made an API call (issue 41, docs/adr/055): the browser's client names it,
// the edge passes it on only when the session was given that build, the API counts its answers
// by it (api_requests_total{build_app,build_version}). A module of its own, so the browser's
// client takes these few bytes without the tracer.

/** The header the browser's client names its build in (`<app>@<version>`). */
export const BUILD_HEADER = 'x-eyewear-build';

/** `<app>@<version>`, as the edge reads it (bounded: checked before anything is counted). */
export const BUILD_NAME = /^([a-z][a-z-]{0,30})@([\w.+-]{1,80})$/;

/** The build whose calls a client makes: the app, and its version read at call time (none yet: no header). */
export interface AppBuild {
  app: string;
  version: () => string | null | undefined;
}

/** The header's value for a build, or null when it has no version yet or would not pass the edge's check. */
export function buildHeaderValue(build: AppBuild): `${string}@${string}` | null {
  const version = build.version();
  if (!version) return null;
  const value = `${build.app}@${version}` as const;
  return BUILD_NAME.test(value) ? value : null;
}
