import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type LoginResult } from '@eyewear/api-client';
import { type Database } from '../../db/database';
import { clearCookie, readCookies, setCookie } from '../../http/cookies';
import { currentSession, endSession, issueSession } from '../../http/session';
import { type AreaHooks } from '../area';
import { customerById, dittosOf, userInfoOf } from './customers';
import { rememberDevice, writeDeviceCookie } from './devices';

const DAY = 24 * 60 * 60;
/** account §9: isLogined about 78894000 s (2.5 years), log_in_status 30 days. */
export const IS_LOGINED_SECONDS = 78_894_000;
export const LOG_IN_STATUS_SECONDS = 30 * DAY;
/** Not given by the spec; it lives as long as a session (30 days). */
export const HAS_PLACED_ORDER_SECONDS = 30 * DAY;
/** The guest face-profile cookie (account §3), handed over at login. */
export const DITTO_GUEST_COOKIE = 'dittoGuestId';

/** The login markers the browser reads (account §3 isLogined, log_in_status); logout clears them. */
export const LOGIN_COOKIES = ['isLogined', 'log_in_status'] as const;

/** Sets the login markers of a signed-in session (account §9 lifetimes). */
export function writeLoginCookies(request: FastifyRequest, reply: FastifyReply) {
  setCookie(request, reply, 'isLogined', '1', { maxAgeSeconds: IS_LOGINED_SECONDS, httpOnly: false });
  setCookie(request, reply, 'log_in_status', 'loggedin', { maxAgeSeconds: LOG_IN_STATUS_SECONDS, httpOnly: false });
}

/**
 * Puts the login markers right for the session a request turned out to have (issue 42): a
 * browser still holding `isLogined=1` after its session died (expired, ended elsewhere, a new
 * guest session) has them cleared, so its pages stop treating it as signed in and stop asking
 * `GET /me` again on every move (the shell re-checks when the cookie and the session disagree);
 * a signed-in session whose markers are gone gets them back. Untouched when already right.
 */
export function syncLoginCookies(request: FastifyRequest, reply: FastifyReply, loggedIn: boolean) {
  const cookies = readCookies(request);
  if (loggedIn && !(cookies['isLogined'] === '1' && cookies['log_in_status'] === 'loggedin')) writeLoginCookies(request, reply);
  if (!loggedIn && LOGIN_COOKIES.some((name) => name in cookies)) for (const name of LOGIN_COOKIES) clearCookie(request, reply, name);
}

/**
 * Logs a customer in: in one transaction the guest session ends, a NEW session (new token)
 * is bound to the customer, the guest face profile becomes theirs, and every area's
 * afterLogin hook runs (the cart merges the guest cart). The old token stops working. The
 * browser becomes a known device of the account (devices.ts): its long-lived cookie is set.
 */
export async function logIn(
  db: Database,
  hooks: AreaHooks,
  request: FastifyRequest,
  reply: FastifyReply,
  customerId: number,
): Promise<{ result: LoginResult }> {
  const guestDitto = readCookies(request)[DITTO_GUEST_COOKIE];
  try {
    const { session, dittos, device } = await db.transaction(async (tx) => {
      const previous = await currentSession(tx, request);
      if (previous) await endSession(tx, previous);
      const session = await issueSession(tx, request, reply, customerId);
      // This browser is now a known device of the account (devices.ts, issue 40).
      const device = await rememberDevice(tx, request, customerId);
      // What the guest uploaded (prescription images, photos) becomes the customer's.
      if (previous)
        await tx.query('update account_files set customer_id = $1, session_id = null where session_id = $2 and customer_id is null', [customerId, previous.id]);
      if (previous && guestDitto) {
        await tx.query(
          `update account_face_profiles set customer_id = $1, session_id = null, saved = true,
             is_default = not exists (select 1 from account_face_profiles d where d.customer_id = $1 and d.is_default)
           where ditto_id = $2 and customer_id is null and session_id = $3`,
          [customerId, guestDitto, previous.id],
        );
      }
      for (const hook of hooks.afterLogin) await hook(tx, { previousSessionId: previous?.id ?? '', sessionId: session.id, customerId });
      return { session, dittos: await dittosOf(tx, customerId), device };
    });
    const customer = await customerById(db, customerId);
    writeLoginCookies(request, reply);
    setCookie(request, reply, 'hasPlacedOrder', String(customer.has_placed_order), { maxAgeSeconds: HAS_PLACED_ORDER_SECONDS, httpOnly: false });
    writeDeviceCookie(request, reply, device);
    if (guestDitto) clearCookie(request, reply, DITTO_GUEST_COOKIE);
    return {
      result: {
        // The API never hands out the session token itself (ADR 007): `token` is the session's id.
        token: session.id,
        cygnus: { cygnusId: customer.cygnus_id },
        emailVerificationStatus: customer.email_verified ? 'VERIFIED' : 'UNVERIFIED',
        user: userInfoOf(customer, dittos),
      },
    };
  } catch (error) {
    // The new session was rolled back: its cookies must not reach the browser.
    reply.removeHeader('set-cookie');
    throw error;
  }
}
