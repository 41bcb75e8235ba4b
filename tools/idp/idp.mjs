// The simulated social identity provider: a small OpenID Connect provider on its own origin
// (docs/adr/020). It implements the authorization-code flow with PKCE the way a real provider
// does, so the API's relying-party code is the code that would talk to Google or Facebook:
//
//   GET  /.well-known/openid-configuration   discovery document
//   GET  /jwks                                the public signing key (JWKS)
//   GET  /authorize                           consent page: pick a listed identity or type one
//   POST /authorize                           the tester's choice; redirects back with ?code&state
//   POST /token                               code (+ PKCE verifier, client secret) -> signed ID token
//
// ID tokens are RS256 JWTs signed with a key pair made at start (the `jose` library). Nothing
// here is trusted by the API except through that signature, the issuer and the audience.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/** The identities listed on the consent page (the tester may also type one). */
export const LISTED_IDENTITIES = [
  { sub: 'sim-asha', email: 'asha.social@example.com', name: 'Asha Rao', emailVerified: true },
  { sub: 'sim-ravi', email: 'ravi.social@example.com', name: 'Ravi Kumar', emailVerified: true },
  { sub: 'sim-unverified', email: 'unverified.social@example.com', name: 'Uma Unverified', emailVerified: false },
];

const CODE_TTL_MS = 60_000;
const TOKEN_TTL_S = 300;

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const base64url = (buffer) => Buffer.from(buffer).toString('base64url');

/** A typed identity gets a subject derived from its e-mail, so typing it again is the same person. */
export const subjectOf = (email) => `sim-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 20)}`;

async function readBody(request, limit = 16_384) {
  let size = 0;
  const chunks = [];
  for await (const chunk of request) {
    size += chunk.length;
    if (size > limit) throw Object.assign(new Error('body too large'), { status: 413 });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * @typedef {{ id: string; secret: string; name?: string; redirectUris: string[] }} Client
 * @typedef {{ issuer?: string; clients: Client[]; log?: (line: string) => void }} IdpOptions
 */

/**
 * Creates the provider. `clients` lists the relying parties: id, secret and the exact redirect
 * URIs each may use (an unlisted redirect URI is refused on the provider's own page, never
 * redirected to). `issuer` is the provider's public origin; when omitted it is
 * http://127.0.0.1:<port> once listening.
 */
/** @param {IdpOptions} options */
export async function createIdp({ issuer: configuredIssuer, clients, log = () => {} }) {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map();
  let issuer = configuredIssuer ?? '';

  const clientOf = (id) => clients.find((c) => c.id === id);

  /**
   * An HTML page. Its forms post here, and the answer redirects to the client's registered
   * redirect URI, which `form-action` must allow too (browsers apply it to the redirect).
   * @param {import('node:http').ServerResponse} response
   * @param {number} status
   * @param {string} title
   * @param {string} body
   * @param {string} [redirectOrigin]
   */
  function page(response, status, title, body, redirectOrigin) {
    response.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'${redirectOrigin ? ` ${redirectOrigin}` : ''}; frame-ancestors 'none'`,
      'x-frame-options': 'DENY',
    });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
fieldset{border:1px solid #ccc;border-radius:6px;margin:1rem 0;padding:1rem}label{display:block;margin:.5rem 0}
input[type=text],input[type=email]{display:block;width:100%;padding:.4rem;box-sizing:border-box}
button{padding:.5rem 1rem;margin:.25rem 0}.note{color:#555;font-size:.9rem}</style></head>
<body><main>${body}</main></body></html>`);
  }

  function json(response, status, value) {
    response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    response.end(JSON.stringify(value));
  }

  /** The authorization request's parameters, checked; a bad client or redirect URI is shown, not redirected to. */
  function authorizationRequest(params) {
    const client = clientOf(params.get('client_id') ?? '');
    if (!client) return { error: 'Unknown client_id.' };
    const redirectUri = params.get('redirect_uri') ?? '';
    if (!client.redirectUris.includes(redirectUri)) return { error: 'This redirect_uri is not registered for the client.' };
    const request = {
      client,
      redirectUri,
      state: params.get('state') ?? '',
      nonce: params.get('nonce') ?? '',
      codeChallenge: params.get('code_challenge') ?? '',
      codeChallengeMethod: params.get('code_challenge_method') ?? '',
      scope: params.get('scope') ?? '',
      responseType: params.get('response_type') ?? '',
    };
    if (request.responseType !== 'code') return { request, redirectError: 'unsupported_response_type' };
    if (!request.scope.split(' ').includes('openid')) return { request, redirectError: 'invalid_scope' };
    if (request.codeChallengeMethod !== 'S256' || !/^[A-Za-z0-9_-]{43,128}$/.test(request.codeChallenge)) return { request, redirectError: 'invalid_request' };
    return { request };
  }

  function redirectBack(response, request, params) {
    const url = new URL(request.redirectUri);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    if (request.state) url.searchParams.set('state', request.state);
    response.writeHead(302, { location: url.toString(), 'cache-control': 'no-store' });
    response.end();
  }

  const hidden = (params) =>
    ['client_id', 'redirect_uri', 'state', 'nonce', 'code_challenge', 'code_challenge_method', 'scope', 'response_type']
      .map((key) => `<input type="hidden" name="${key}" value="${escapeHtml(params.get(key) ?? '')}">`)
      .join('');

  function consentPage(response, params, request) {
    const listed = LISTED_IDENTITIES.map(
      (identity) =>
        `<li><button type="submit" name="identity" value="${escapeHtml(identity.sub)}">Continue as ${escapeHtml(identity.name)} (${escapeHtml(identity.email)}${identity.emailVerified ? '' : ', e-mail not verified'})</button></li>`,
    ).join('');
    page(
      response,
      200,
      'Simulated identity provider',
      `<h1>Simulated identity provider</h1>
<p class="note">A test provider for local development. <strong>${escapeHtml(request.client.name ?? request.client.id)}</strong> asks to know who you are.</p>
<form method="post" action="/authorize" aria-label="Pick an identity">${hidden(params)}
<fieldset><legend>Pick an identity</legend><ul>${listed}</ul></fieldset></form>
<form method="post" action="/authorize" aria-label="Type an identity">${hidden(params)}
<fieldset><legend>Or type an identity</legend>
<label>E-mail <input type="email" name="email" required maxlength="120" autocomplete="off"></label>
<label>Name <input type="text" name="name" required maxlength="60" autocomplete="off"></label>
<label><input type="checkbox" name="email_verified" value="true" checked> E-mail verified by the provider</label>
<button type="submit" name="identity" value="typed">Continue with this identity</button></fieldset></form>
<form method="post" action="/authorize">${hidden(params)}<button type="submit" name="deny" value="1">Cancel</button></form>`,
      new URL(request.redirectUri).origin,
    );
  }

  async function handle(request, response) {
    const url = new URL(request.url ?? '/', 'http://idp.invalid');
    if (request.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
      return json(response, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', 'email', 'profile'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        code_challenge_methods_supported: ['S256'],
        claims_supported: ['sub', 'email', 'email_verified', 'name', 'given_name', 'family_name', 'nonce'],
      });
    }
    if (request.method === 'GET' && url.pathname === '/jwks') return json(response, 200, { keys: [jwk] });
    if (request.method === 'GET' && url.pathname === '/health') return json(response, 200, { ok: true });
    if (url.pathname === '/authorize' && (request.method === 'GET' || request.method === 'POST')) {
      const params = request.method === 'GET' ? url.searchParams : new URLSearchParams(await readBody(request));
      const checked = authorizationRequest(params);
      if (checked.error) return page(response, 400, 'Bad request', `<h1>Bad request</h1><p role="alert">${escapeHtml(checked.error)}</p>`);
      if (checked.redirectError) return redirectBack(response, checked.request, { error: checked.redirectError });
      if (request.method === 'GET') return consentPage(response, params, checked.request);
      if (params.get('deny')) return redirectBack(response, checked.request, { error: 'access_denied' });
      let identity;
      if (params.get('identity') === 'typed') {
        const email = (params.get('email') ?? '').trim();
        const name = (params.get('name') ?? '').trim();
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 120 || !name || name.length > 60) {
          return page(response, 400, 'Bad request', '<h1>Bad request</h1><p role="alert">Please type a valid e-mail and a name.</p>');
        }
        identity = { sub: subjectOf(email), email, name, emailVerified: params.get('email_verified') === 'true' };
      } else {
        identity = LISTED_IDENTITIES.find((i) => i.sub === params.get('identity'));
        if (!identity) return page(response, 400, 'Bad request', '<h1>Bad request</h1><p role="alert">Unknown identity.</p>');
      }
      const code = base64url(randomBytes(32));
      codes.set(code, { ...checked.request, identity, expiresAt: Date.now() + CODE_TTL_MS });
      log(`[idp] ${identity.email} consented for ${checked.request.client.id}`);
      return redirectBack(response, checked.request, { code });
    }
    if (request.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(await readBody(request));
      let clientId = form.get('client_id') ?? '';
      let secret = form.get('client_secret') ?? '';
      const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '');
      if (basic) {
        const [id, ...rest] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
        clientId = decodeURIComponent(id ?? '');
        secret = decodeURIComponent(rest.join(':'));
      }
      const client = clientOf(clientId);
      if (!client || client.secret !== secret) return json(response, 401, { error: 'invalid_client' });
      if (form.get('grant_type') !== 'authorization_code') return json(response, 400, { error: 'unsupported_grant_type' });
      const code = form.get('code') ?? '';
      const grant = codes.get(code);
      // A code is good once, for its client and redirect URI, within a minute, with its PKCE verifier.
      codes.delete(code);
      if (!grant || grant.expiresAt < Date.now() || grant.client.id !== client.id || grant.redirectUri !== form.get('redirect_uri')) {
        return json(response, 400, { error: 'invalid_grant' });
      }
      const verifier = form.get('code_verifier') ?? '';
      if (base64url(createHash('sha256').update(verifier).digest()) !== grant.codeChallenge)
        return json(response, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
      const [givenName, ...family] = grant.identity.name.split(' ');
      const idToken = await new SignJWT({
        email: grant.identity.email,
        email_verified: grant.identity.emailVerified,
        name: grant.identity.name,
        given_name: givenName,
        family_name: family.join(' ') || undefined,
        ...(grant.nonce ? { nonce: grant.nonce } : {}),
      })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(issuer)
        .setSubject(grant.identity.sub)
        .setAudience(client.id)
        .setIssuedAt()
        .setExpirationTime(`${TOKEN_TTL_S}s`)
        .sign(privateKey);
      return json(response, 200, { access_token: base64url(randomBytes(32)), token_type: 'Bearer', expires_in: TOKEN_TTL_S, id_token: idToken });
    }
    return json(response, 404, { error: 'not_found' });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      if (!response.headersSent) json(response, error.status ?? 500, { error: error.status === 413 ? 'request_too_large' : 'server_error' });
      else response.end();
    });
  });
  // Expired codes do not pile up.
  const sweep = setInterval(() => {
    for (const [code, grant] of codes) if (grant.expiresAt < Date.now()) codes.delete(code);
  }, 30_000);
  sweep.unref();
  server.on('close', () => clearInterval(sweep));

  return {
    server,
    get issuer() {
      return issuer;
    },
    /**
     * Listens on host:port (0 = a free port); answers the issuer.
     * @param {number} [port]
     * @param {string} [host]
     */
    async listen(port = 0, host = '127.0.0.1') {
      await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve(undefined));
      });
      const address = server.address();
      if (!issuer) issuer = `http://${host}:${typeof address === 'object' && address ? address.port : port}`;
      return issuer;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
