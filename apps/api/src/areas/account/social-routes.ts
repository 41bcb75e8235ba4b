import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { areaEndpoints } from '@eyewear/api-client';
import { isCountryCode, safeReturnPath } from '@eyewear/i18n/rules';
import { type Database } from '../../db/database';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { route } from '../../http/endpoint';
import { countryOf, currentSession, issueSession, requireSession } from '../../http/session';
import { type AreaHooks } from '../area';
import { MESSAGES } from './auth-routes';
import { consumeContactCode, sendContactCode } from './contact-codes';
import { sha256 } from './credentials';
import { checkPassword, passwordClient } from './throttle';
import { customerById, type CustomerRow } from './customers';
import { customerByEmail, IDENTITY_MESSAGES, takeOverUnverifiedAccount } from './identity-routes';
import { logIn } from './login';
import { authorizeUrl, CALLBACK_PATH, exchangeCode, newAuthorization, OidcError, readOidcConfig, type IdentityClaims, type OidcConfig } from './oidc';

const accountEndpoints = areaEndpoints.account;

/**
 * Social sign-in (docs/adr/020): an OpenID Connect authorization-code flow with PKCE against
 * the configured provider (the simulated one of tools/idp in local mode).
 *
 * GET  /v2/customers/social/:accountType/start  state, nonce and PKCE verifier kept server-side
 *                                                for this session; redirect to the provider
 * GET  /v2/customers/social/callback             state checked (single use, this session), code
 *                                                exchanged server to server, ID token verified;
 *                                                then log in, or ask for proof
 * GET  /v2/customers/social/link                 the identity waiting for proof
 * POST /v2/customers/social/link/code            e-mails a code to the identity's address
 * POST /v2/customers/social/link                 password or code: link and log in
 *
 * A linked identity (issuer + subject) logs straight in. An identity whose e-mail already has
 * an account never logs into it before the customer proves ownership (the account's password
 * when its e-mail was verified, else a code to the e-mail, which also takes the account away
 * from whoever set an unverified password). A new e-mail makes an account only when the
 * provider says the e-mail is verified; otherwise a code to the e-mail proves it first.
 */
export const SOCIAL_REQUEST_MINUTES = 10;
export const SOCIAL_LINK_MINUTES = 15;
export const LINK_PASSWORD_TRIES = 5;
/** Where the browser lands when the sign-in needs a step (or failed): an account page (PasswordPage, mode social-link). */
export const LINK_PAGE = '/customer/account/sociallink';

export const SOCIAL_MESSAGES = {
  noPending: 'There is no social sign-in waiting to be linked. Please start again.',
  useCode: "This account's e-mail has not been confirmed yet: use the code we e-mail you.",
  newAccountCode: 'Confirm your e-mail with the code we send you.',
  tooManyTries: 'Too many wrong passwords. Please start the social sign-in again.',
} as const;

type Queryable = Pick<Database, 'query'>;

/** A top-level navigation carries no x-country-code header: the country travels in the URL (start) or the request row (callback). */
function useCountry(request: FastifyRequest, country: string | undefined) {
  if (isCountryCode(country)) request.headers['x-country-code'] = country;
}

function redirectUriOf(config: OidcConfig, request: FastifyRequest) {
  // request.protocol / request.host follow X-Forwarded-* only from the edge (app.ts trustProxy).
  return config.redirectUri ?? `${request.protocol}://${request.host}/api${CALLBACK_PATH}`;
}

function linkPage(params: Record<string, string>) {
  return `${LINK_PAGE}?${new URLSearchParams(params).toString()}`;
}

function redirect(reply: FastifyReply, location: string) {
  reply.header('cache-control', 'no-store');
  return reply.redirect(location, 302);
}

interface LinkRow {
  id: number;
  session_id: string;
  issuer: string;
  subject: string;
  provider: string;
  email: string;
  email_verified: boolean;
  first_name: string;
  last_name: string;
  customer_id: number | null;
  return_to: string;
  password_attempts: number;
}

async function pendingLink(db: Queryable, sessionId: string) {
  const [row] = await db.query<LinkRow>(
    `select * from account_social_links where session_id = $1 and consumed_at is null and expires_at > now() order by id desc limit 1`,
    [sessionId],
  );
  return row;
}

async function linkIdentity(db: Queryable, identity: { issuer: string; subject: string; provider: string; email: string }, customerId: number) {
  await db.query(
    `insert into customer_identities (issuer, subject, provider, customer_id, email) values ($1, $2, $3, $4, $5) on conflict (issuer, subject) do nothing`,
    [identity.issuer, identity.subject, identity.provider, customerId, identity.email],
  );
}

async function createVerifiedCustomer(db: Queryable, claims: { email: string; firstName: string; lastName: string }, country: string) {
  try {
    const [created] = await db.query<{ id: number }>(
      `insert into customers (first_name, last_name, email, country, email_verified) values ($1, $2, $3, $4, true) returning id`,
      [claims.firstName, claims.lastName, claims.email, country],
    );
    return created!.id;
  } catch (error) {
    // The e-mail was taken meanwhile (customers.email is unique).
    if (String((error as { code?: string }).code) === '23505') throw new HttpError(409, MESSAGES.emailTaken, 'email', 'EXISTS');
    throw error;
  }
}

export function socialRoutes(app: FastifyInstance, rootDb: Database, hooks: AreaHooks) {
  const config = readOidcConfig();

  route(app, accountEndpoints.socialStart, async ({ params, query, request, reply, db }) => {
    useCountry(request, query.country);
    // Only a path on this site, never another origin (the rule the account pages share).
    const returnTo = safeReturnPath(query.returnTo);
    const session = (await currentSession(db, request)) ?? (await issueSession(db, request, reply));
    const authorization = newAuthorization();
    const redirectUri = redirectUriOf(config, request);
    let url: string;
    try {
      url = await authorizeUrl(config, redirectUri, authorization);
    } catch (error) {
      request.log.warn({ err: error }, 'social sign-in: the identity provider is unreachable');
      return redirect(reply, linkPage({ error: 'unavailable', returnTo }));
    }
    await db.query(
      `insert into account_social_requests (state_hash, session_id, provider, nonce, code_verifier, redirect_uri, return_to, country, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(mins => $9))`,
      [
        sha256(authorization.state),
        session.id,
        params.accountType,
        authorization.nonce,
        authorization.verifier,
        redirectUri,
        returnTo,
        countryOf(request),
        SOCIAL_REQUEST_MINUTES,
      ],
    );
    return redirect(reply, url);
  });

  route(app, accountEndpoints.socialCallback, async ({ query, request, reply, db }) => {
    // The state is single use, unexpired, and belongs to the session that started the flow
    // (so nobody can log a shopper into the attacker's identity with a crafted callback link).
    const [started] = query.state
      ? await db.query<{
          session_id: string;
          provider: string;
          nonce: string;
          code_verifier: string;
          redirect_uri: string;
          return_to: string;
          country: string;
        }>(
          `update account_social_requests set used_at = now() where state_hash = $1 and used_at is null and expires_at > now()
           returning session_id, provider, nonce, code_verifier, redirect_uri, return_to, country`,
          [sha256(query.state)],
        )
      : [];
    if (!started) return redirect(reply, linkPage({ error: 'expired' }));
    useCountry(request, started.country);
    const returnTo = started.return_to;
    const session = await currentSession(db, request);
    if (!session || session.id !== started.session_id) return redirect(reply, linkPage({ error: 'session', returnTo }));
    if (query.error) return redirect(reply, linkPage({ error: query.error === 'access_denied' ? 'denied' : 'failed', returnTo }));
    if (!query.code) return redirect(reply, linkPage({ error: 'failed', returnTo }));
    let claims: IdentityClaims;
    try {
      claims = await exchangeCode(config, { code: query.code, redirectUri: started.redirect_uri, verifier: started.code_verifier, nonce: started.nonce });
    } catch (error) {
      request.log.warn({ err: error }, 'social sign-in refused');
      return redirect(reply, linkPage({ error: error instanceof OidcError && error.reason === 'unavailable' ? 'unavailable' : 'failed', returnTo }));
    }
    const [linked] = await db.query<{ customer_id: number }>('select customer_id from customer_identities where issuer = $1 and subject = $2', [
      claims.issuer,
      claims.subject,
    ]);
    if (linked) {
      await logIn(db, hooks, request, reply, linked.customer_id);
      return redirect(reply, returnTo);
    }
    if (!claims.email) return redirect(reply, linkPage({ error: 'noemail', returnTo }));
    const email = claims.email;
    const existing = await customerByEmail(db, email);
    if (!existing && claims.emailVerified) {
      const customerId = await createVerifiedCustomer(db, { email, firstName: claims.firstName, lastName: claims.lastName }, countryOf(request));
      await linkIdentity(db, { issuer: claims.issuer, subject: claims.subject, provider: started.provider, email }, customerId);
      await logIn(db, hooks, request, reply, customerId);
      return redirect(reply, returnTo);
    }
    // Proof first: the existing account's owner (password or e-mail code), or the e-mail itself (code).
    await db.query('update account_social_links set consumed_at = now() where session_id = $1 and consumed_at is null', [session.id]);
    await db.query(
      `insert into account_social_links (session_id, issuer, subject, provider, email, email_verified, first_name, last_name, customer_id, return_to, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() + make_interval(mins => $11))`,
      [
        session.id,
        claims.issuer,
        claims.subject,
        started.provider,
        email,
        claims.emailVerified,
        claims.firstName,
        claims.lastName,
        existing?.id ?? null,
        returnTo,
        SOCIAL_LINK_MINUTES,
      ],
    );
    return redirect(reply, linkPage({ returnTo }));
  });

  route(app, accountEndpoints.socialLink, async ({ request, db }) => {
    const session = await requireSession(db, request);
    const link = await pendingLink(db, session.id);
    if (!link) throw notFound(SOCIAL_MESSAGES.noPending);
    const customer = link.customer_id ? await customerById(db, link.customer_id) : null;
    return {
      result: {
        provider: link.provider as 'google' | 'facebook' | 'apple',
        email: link.email,
        existingAccount: Boolean(customer),
        passwordAllowed: Boolean(customer?.password_hash && customer.email_verified),
        returnTo: link.return_to,
      },
    };
  });

  route(app, accountEndpoints.socialLinkCode, async ({ request, db }) => {
    const session = await requireSession(db, request);
    const link = await pendingLink(db, session.id);
    if (!link) throw notFound(SOCIAL_MESSAGES.noPending);
    await sendContactCode(db, {
      sessionId: session.id,
      customerId: link.customer_id,
      purpose: 'social-link',
      channel: 'email',
      recipient: link.email,
      value: String(link.id),
      subject: 'Confirm your sign-in',
      text: (code) => `${code} confirms your ${link.provider} sign-in to Eyewear. It is valid for 10 minutes. If you did not ask for it, ignore this e-mail.`,
    });
    return { result: { success: true, message: IDENTITY_MESSAGES.codeSent } };
  });

  route(app, accountEndpoints.socialLinkConfirm, async ({ body, request, reply, db }) => {
    const session = await requireSession(db, request);
    const link = await pendingLink(db, session.id);
    if (!link) throw notFound(SOCIAL_MESSAGES.noPending);
    const customer: CustomerRow | null = link.customer_id ? await customerById(db, link.customer_id) : null;
    let provedBy: 'password' | 'code';
    if (body.password !== undefined) {
      // A password proves the account only when its e-mail was verified (else it may be a pre-hijacker's).
      if (!customer || !customer.password_hash || !customer.email_verified)
        throw badRequest(customer ? SOCIAL_MESSAGES.useCode : SOCIAL_MESSAGES.newAccountCode, 'password');
      // The try is taken before the password is checked (one conditional update), so parallel
      // guesses cannot all pass a count read earlier.
      const [taken] = await db.query<{ password_attempts: number }>(
        'update account_social_links set password_attempts = password_attempts + 1 where id = $1 and password_attempts < $2 returning password_attempts',
        [link.id, LINK_PASSWORD_TRIES],
      );
      if (!taken) throw new HttpError(429, SOCIAL_MESSAGES.tooManyTries, 'password', 'TOO_MANY_REQUESTS');
      // Counted with the sign-ins of that e-mail, this client and this device too (throttle.ts checkPassword).
      let right: boolean;
      try {
        right = await checkPassword(
          db,
          { email: customer.email ?? link.email, ...passwordClient(request, body.captcha) },
          body.password,
          customer.password_hash,
        );
      } catch (error) {
        // Asked for a captcha first: the password was not read, so the link's try goes back.
        if (error instanceof HttpError && error.code === 'CAPTCHA_REQUIRED')
          await db.query('update account_social_links set password_attempts = greatest(password_attempts - 1, 0) where id = $1', [link.id]);
        throw error;
      }
      if (!right) {
        if (taken.password_attempts >= LINK_PASSWORD_TRIES) {
          await db.query('update account_social_links set consumed_at = now() where id = $1', [link.id]);
          throw new HttpError(429, SOCIAL_MESSAGES.tooManyTries, 'password', 'TOO_MANY_REQUESTS');
        }
        throw badRequest(IDENTITY_MESSAGES.badPassword, 'password');
      }
      provedBy = 'password';
    } else if (body.code !== undefined) {
      const proved = await consumeContactCode(db, { sessionId: session.id, purpose: 'social-link', code: body.code, recipient: link.email });
      if (proved.value !== String(link.id)) throw badRequest(MESSAGES.noCode, 'code');
      provedBy = 'code';
    } else {
      throw badRequest(IDENTITY_MESSAGES.proofNeeded, 'code');
    }
    const customerId = await db.transaction(async (tx) => {
      const taken = await tx.query('update account_social_links set consumed_at = now() where id = $1 and consumed_at is null returning id', [link.id]);
      if (taken.length === 0) throw notFound(SOCIAL_MESSAGES.noPending);
      let id: number;
      if (customer) {
        if (provedBy === 'code') await takeOverUnverifiedAccount(tx, customer);
        id = customer.id;
      } else {
        id = await createVerifiedCustomer(tx, { email: link.email, firstName: link.first_name, lastName: link.last_name }, countryOf(request));
      }
      await linkIdentity(tx, link, id);
      return id;
    });
    const login = await logIn(db, hooks, request, reply, customerId);
    return { result: { ...login.result, returnTo: link.return_to } };
  });
}
