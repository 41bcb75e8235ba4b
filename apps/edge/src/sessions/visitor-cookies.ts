// The cookies a visitor is given, off the page (docs/adr/048): a shared page sets none. The edge
// session (`mf_sid`) comes with remotes.json, or with the API call that starts the visitor's API
// session (an answer that sets the API's cookies), or with any API call of a browser whose session
// cookie this edge did not sign: once per visitor, not once per parallel call,
// so an office behind one address stays within the address's limit of new sessions. The name of
// the session's builds (BUILDS_COOKIE) comes with it, and again with any API call once a release
// changes the session's builds. The next page the shared cache serves is then the session's.
import type { IncomingMessage } from 'node:http';
import { BUILDS_COOKIE, OVERRIDE_COOKIE } from '@eyewear/federation';
import type { Cohorts, Variant } from './cohorts';
import { buildsCookie, readCookie, SESSION_COOKIE, sessionCookie } from './session';
import type { Sessions } from './sessions';

export function createVisitorCookies({ sessions, cohorts }: { sessions: Sessions; cohorts: Cohorts }) {
  const buildsCookieFor = (req: IncomingMessage, variant: Variant) =>
    readCookie(req.headers.cookie, BUILDS_COOKIE) === variant.id ? [] : [buildsCookie(variant.id, sessions.isSecure(req))];

  /** The request's session (minted when it has none, within the address's limit), its builds and the Set-Cookie headers to send. */
  async function forRequest(req: IncomingMessage): Promise<{ variant: Variant; setCookies: string[]; sessionId: string | null; minted: boolean }> {
    const session = sessions.sessionOf(req);
    // A QA tester's browser (its override cookie) is told every canary, to name one.
    const variant = await cohorts.variantFor(session.id, { qa: readCookie(req.headers.cookie, OVERRIDE_COOKIE) !== undefined });
    return {
      variant,
      sessionId: session.id,
      minted: session.setCookie !== null,
      setCookies: [...(session.setCookie ? [session.setCookie] : []), ...(session.id ? buildsCookieFor(req, variant) : [])],
    };
  }

  /**
   * For an API call, asked before it is sent: the cookies to add to its answer, decided once the
   * answer's headers are known (`startsSession`: the answer sets the API's own cookies).
   */
  async function forApiCall(req: IncomingMessage): Promise<(startsSession: boolean) => string[]> {
    const id = sessions.sessionIdOf(req);
    if (id) {
      const cookies = buildsCookieFor(req, await cohorts.variantFor(id));
      return () => cookies;
    }
    // A session cookie this edge did not sign (forged, or from another secret) is replaced.
    const presented = readCookie(req.headers.cookie, SESSION_COOKIE) !== undefined;
    const candidate = sessions.draw();
    const variant = await cohorts.variantFor(candidate.id);
    return (startsSession) => {
      if ((!startsSession && !presented) || !sessions.admit(req)) return [];
      return [sessionCookie(candidate.value, sessions.isSecure(req)), ...buildsCookieFor(req, variant)];
    };
  }

  return { forRequest, forApiCall };
}

export type VisitorCookies = ReturnType<typeof createVisitorCookies>;
