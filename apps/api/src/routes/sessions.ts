import { type FastifyInstance } from 'fastify';
import { coreEndpoints } from '@eyewear/api-client';
import { LOGIN_COOKIES, syncLoginCookies } from '../areas/account/login';
import { type Database } from '../db/database';
import { clearCookie } from '../http/cookies';
import { route } from '../http/endpoint';
import { unauthorized } from '../http/errors';
import { currentSession, endSession, issueSession, touchSession, type SessionRow } from '../http/session';

const present = (session: SessionRow) => ({
  result: {
    id: session.id,
    createdAt: new Date(session.created_at).toISOString(),
    isLoggedIn: session.customer_id !== null,
  },
});

export function sessionRoutes(app: FastifyInstance, _db: Database) {
  // A new session is a guest's: a browser still marked signed in is set right (issue 42).
  route(app, coreEndpoints.createSession, async ({ request, reply, db }) => {
    const session = await issueSession(db, request, reply);
    syncLoginCookies(request, reply, false);
    return present(session);
  });

  route(app, coreEndpoints.validateSession, async ({ request, reply, db }) => {
    const session = await currentSession(db, request, reply);
    // A dead session (401: the browser makes a new one) takes the login markers with it.
    if (!session) {
      syncLoginCookies(request, reply, false);
      throw unauthorized();
    }
    await touchSession(db, request, reply, session);
    syncLoginCookies(request, reply, session.customer_id !== null);
    return present(session);
  });

  route(app, coreEndpoints.logout, async ({ request, reply, db }) => {
    const session = await currentSession(db, request);
    if (session) await endSession(db, session);
    for (const name of LOGIN_COOKIES) clearCookie(request, reply, name);
    return present(await issueSession(db, request, reply));
  });
}
