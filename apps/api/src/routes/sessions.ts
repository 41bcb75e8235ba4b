import { type FastifyInstance } from 'fastify';
import { coreEndpoints } from '@eyewear/api-client';
import { type Database } from '../db/database';
import { clearCookie } from '../http/cookies';
import { route } from '../http/endpoint';
import { currentSession, endSession, issueSession, requireSession, touchSession, type SessionRow } from '../http/session';

/** Login cookies the browser reads (account spec §3); logout clears them. */
const LOGIN_COOKIES = ['isLogined', 'log_in_status'];

const present = (session: SessionRow) => ({
  result: {
    id: session.id,
    createdAt: new Date(session.created_at).toISOString(),
    isLoggedIn: session.customer_id !== null,
  },
});

export function sessionRoutes(app: FastifyInstance, _db: Database) {
  route(app, coreEndpoints.createSession, async ({ request, reply, db }) => present(await issueSession(db, request, reply)));

  route(app, coreEndpoints.validateSession, async ({ request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    await touchSession(db, request, reply, session);
    return present(session);
  });

  route(app, coreEndpoints.logout, async ({ request, reply, db }) => {
    const session = await currentSession(db, request);
    if (session) await endSession(db, session);
    for (const name of LOGIN_COOKIES) clearCookie(request, reply, name);
    return present(await issueSession(db, request, reply));
  });
}
