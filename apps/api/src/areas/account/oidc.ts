import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { readConfig, registerSimulator } from '../../config';

/**
 * The API as an OpenID Connect relying party (docs/adr/020): discovery, the authorization-code
 * exchange with PKCE, and ID-token verification with `jose` (signature from the provider's JWKS,
 * issuer, audience = our client id, expiry, nonce). No route of the API mints a token.
 *
 * Configuration (env):
 * - SOCIAL_PROVIDER: `simulated` (default, local mode: the provider of tools/idp on
 *   127.0.0.1:IDP_PORT) or `oidc` (a real provider; production mode refuses `simulated`).
 * - OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: the provider and our registration there
 *   (defaults only for the simulator).
 * - OIDC_REDIRECT_URI: the callback's public URL as registered at the provider; by default
 *   <request origin>/api/v2/customers/social/callback (the edge proxies /api/ to the API).
 */
export interface OidcConfig {
  simulated: boolean;
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri?: string;
}

type Env = Record<string, string | undefined>;

export const SIMULATED_CLIENT_ID = 'eyewear-storefront';
export const SIMULATED_CLIENT_SECRET = 'simulated-client-secret';
export const CALLBACK_PATH = '/v2/customers/social/callback';

export function readOidcConfig(env: Env = process.env): OidcConfig {
  const simulated = readConfig(env).providers.social === 'simulated';
  return {
    simulated,
    issuer: (env.OIDC_ISSUER || (simulated ? `http://127.0.0.1:${env.IDP_PORT || 4400}` : '')).replace(/\/$/, ''),
    clientId: env.OIDC_CLIENT_ID || (simulated ? SIMULATED_CLIENT_ID : ''),
    clientSecret: env.OIDC_CLIENT_SECRET || (simulated ? SIMULATED_CLIENT_SECRET : ''),
    redirectUri: env.OIDC_REDIRECT_URI || undefined,
  };
}

/** The issuer is on this machine: the simulated provider of tools/idp, whatever SOCIAL_PROVIDER says. */
export function isLoopbackIssuer(issuer: string) {
  try {
    return /^(localhost|127(\.\d+){3}|\[::1\])$/i.test(new URL(issuer).hostname);
  } catch {
    return false;
  }
}

// Production mode (config.ts) refuses to start while social sign-in talks to the simulated
// provider: SOCIAL_PROVIDER=simulated (config.ts's own check), or `oidc` without a complete
// registration or with an issuer on loopback (the simulator under another name).
registerSimulator({
  name: 'social identity provider (SOCIAL_PROVIDER=oidc needs OIDC_ISSUER of a real provider, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_REDIRECT_URI)',
  variable: 'OIDC_ISSUER',
  isOn: (config, env) =>
    config.providers.social === 'oidc' &&
    (!(env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET && env.OIDC_REDIRECT_URI) || isLoopbackIssuer(env.OIDC_ISSUER)),
});

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

const TIMEOUT_MS = 5000;
const discoveries = new Map<string, Promise<{ discovery: Discovery; jwks: ReturnType<typeof createRemoteJWKSet> }>>();

export class OidcError extends Error {
  constructor(
    message: string,
    readonly reason: 'unavailable' | 'invalid_token' | 'invalid_grant',
  ) {
    super(message);
  }
}

/** The provider's discovery document and key set, fetched once per issuer (again after a failure). */
export function providerOf(config: OidcConfig) {
  let found = discoveries.get(config.issuer);
  if (!found) {
    found = (async () => {
      const response = await fetch(`${config.issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!response.ok) throw new OidcError(`discovery answered ${response.status}`, 'unavailable');
      const discovery = (await response.json()) as Discovery;
      // The document must be the configured issuer's own (OpenID Connect Discovery §4.3).
      if (discovery.issuer !== config.issuer) throw new OidcError('discovery names another issuer', 'unavailable');
      return { discovery, jwks: createRemoteJWKSet(new URL(discovery.jwks_uri), { timeoutDuration: TIMEOUT_MS }) };
    })();
    discoveries.set(config.issuer, found);
    found.catch(() => discoveries.delete(config.issuer));
  }
  return found.catch((error: unknown) => {
    throw error instanceof OidcError ? error : new OidcError(String(error), 'unavailable');
  });
}

/** A fresh state, nonce and PKCE pair (RFC 7636, S256). */
export function newAuthorization() {
  const verifier = randomBytes(32).toString('base64url');
  return {
    state: randomBytes(32).toString('base64url'),
    nonce: randomBytes(32).toString('base64url'),
    verifier,
    challenge: createHash('sha256').update(verifier).digest('base64url'),
  };
}

export async function authorizeUrl(config: OidcConfig, redirectUri: string, authorization: ReturnType<typeof newAuthorization>) {
  const { discovery } = await providerOf(config);
  const url = new URL(discovery.authorization_endpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    state: authorization.state,
    nonce: authorization.nonce,
    code_challenge: authorization.challenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

export interface IdentityClaims {
  issuer: string;
  subject: string;
  email?: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

/**
 * Verifies an ID token: signature by a key of the provider's JWKS, issuer, audience (our client
 * id; with several audiences `azp` must be us), expiry and issue time, and the nonce this
 * session sent. Any failure is an OidcError('invalid_token').
 */
export async function verifyIdToken(config: OidcConfig, idToken: string, nonce: string, keys?: Parameters<typeof jwtVerify>[1]): Promise<IdentityClaims> {
  const jwks = keys ?? (await providerOf(config)).jwks;
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, jwks as Parameters<typeof jwtVerify>[1] & object, {
      issuer: config.issuer,
      audience: config.clientId,
      algorithms: ['RS256', 'ES256', 'PS256', 'EdDSA'],
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: 30,
    }));
  } catch (error) {
    throw new OidcError(`ID token refused: ${(error as Error).message}`, 'invalid_token');
  }
  if (typeof payload.nonce !== 'string' || payload.nonce !== nonce) throw new OidcError('ID token refused: nonce mismatch', 'invalid_token');
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== config.clientId)
    throw new OidcError('ID token refused: azp is not this client', 'invalid_token');
  const text = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '');
  const name = text(payload.name, 120);
  const email = text(payload.email, 120).toLowerCase();
  return {
    issuer: config.issuer,
    subject: payload.sub!,
    email: email || undefined,
    emailVerified: payload.email_verified === true,
    firstName: text(payload.given_name, 60) || name.split(' ')[0] || '',
    lastName: text(payload.family_name, 60) || name.split(' ').slice(1).join(' '),
  };
}

/** Exchanges the authorization code at the token endpoint (server to server) and verifies the ID token. */
export async function exchangeCode(config: OidcConfig, input: { code: string; redirectUri: string; verifier: string; nonce: string }): Promise<IdentityClaims> {
  const { discovery } = await providerOf(config);
  let response: Response;
  try {
    response = await fetch(discovery.token_endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(config.clientId)}:${encodeURIComponent(config.clientSecret)}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: input.code,
        redirect_uri: input.redirectUri,
        code_verifier: input.verifier,
      }).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new OidcError(`token endpoint unreachable: ${String(error)}`, 'unavailable');
  }
  const body = (await response.json().catch(() => ({}))) as { id_token?: unknown; error?: unknown };
  if (!response.ok || typeof body.id_token !== 'string')
    throw new OidcError(`token endpoint refused the code: ${String(body.error ?? response.status)}`, 'invalid_grant');
  return verifyIdToken(config, body.id_token, input.nonce);
}
