import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { cookieHeader, createTestApi, guestSession, type TestApi } from '../../testing/api';
import { call, outbox } from './testing';
import { configRefusals, readConfig } from '../../config';
import { isLoopbackIssuer, OidcError, readOidcConfig, verifyIdToken, type OidcConfig } from './oidc';
import { IDENTITY_MESSAGES } from './identity-routes';
import { SOCIAL_MESSAGES } from './social-routes';

/**
 * Social sign-in as an OpenID Connect relying party (docs/adr/020): ID tokens are verified
 * (signature, issuer, audience, expiry, nonce), and the whole authorization-code flow runs
 * against the simulated provider of tools/idp, started as its own process on a free port.
 */
type Key = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

/** Runs tools/idp/main.mjs on a free port; answers its issuer and a stop function. */
async function startProvider(env: Record<string, string>): Promise<{ issuer: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [join(__dirname, '../../../../../tools/idp/main.mjs')], {
    env: { ...process.env, IDP_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const issuer = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /simulated identity provider at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the provider exited (${code}): ${out}`)));
  });
  return {
    issuer,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
describe('ID token verification', () => {
  const config: OidcConfig = { simulated: false, issuer: 'https://idp.example', clientId: 'our-client', clientSecret: 'x' };
  let keys: ReturnType<typeof createLocalJWKSet>;
  let signingKey: Key;
  let otherKey: Key;
  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    signingKey = pair.privateKey;
    otherKey = (await generateKeyPair('RS256')).privateKey;
    keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256' } as JWK] });
  });

  const token = (claims: { iss?: string; aud?: string | string[]; exp?: number; nonce?: string; azp?: string } = {}, key?: Key) =>
    new SignJWT({ email: 'Asha@Example.com', email_verified: true, name: 'Asha Rao', nonce: claims.nonce ?? 'n-1', ...(claims.azp ? { azp: claims.azp } : {}) })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(claims.iss ?? config.issuer)
      .setAudience(claims.aud ?? config.clientId)
      .setSubject('subject-1')
      .setIssuedAt()
      .setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 300)
      .sign(key ?? signingKey);

  it('accepts a token signed by the provider for us, with our nonce', async () => {
    const claims = await verifyIdToken(config, await token(), 'n-1', keys);
    expect(claims).toEqual({ issuer: config.issuer, subject: 'subject-1', email: 'asha@example.com', emailVerified: true, firstName: 'Asha', lastName: 'Rao' });
  });

  it.each([
    ['another issuer', () => token({ iss: 'https://evil.example' })],
    ['another audience', () => token({ aud: 'someone-else' })],
    ['several audiences without azp = us', () => token({ aud: ['our-client', 'someone-else'] })],
    ['an expired token', () => token({ exp: Math.floor(Date.now() / 1000) - 120 })],
    ['another nonce', () => token({ nonce: 'n-2' })],
    ['a signature by another key', () => token({}, otherKey)],
  ])('refuses %s', async (_case, make) => {
    await expect(verifyIdToken(config, await make(), 'n-1', keys)).rejects.toBeInstanceOf(OidcError);
  });

  it('refuses an unsigned token and a tampered payload', async () => {
    const good = await token();
    const [header, payload, signature] = good.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
    await expect(verifyIdToken(config, none, 'n-1', keys)).rejects.toBeInstanceOf(OidcError);
    const changed = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), email: 'victim@example.com' })).toString(
      'base64url',
    );
    await expect(verifyIdToken(config, `${header}.${changed}.${signature}`, 'n-1', keys)).rejects.toBeInstanceOf(OidcError);
  });
});

describe('configuration: production refuses the simulated provider, under any name', () => {
  const real = {
    OIDC_ISSUER: 'https://accounts.example.com',
    OIDC_CLIENT_ID: 'id',
    OIDC_CLIENT_SECRET: 'secret',
    OIDC_REDIRECT_URI: 'https://shop.example/api/v2/customers/social/callback',
  };
  const base = { SMS_PROVIDER: 'x', EMAIL_PROVIDER: 'x', COURIER_PROVIDER: 'x', PAYMENT_GATEWAY: 'x' };
  const socialRefusals = (env: Record<string, string>) =>
    configRefusals(readConfig({ ...base, STORE_MODE: 'production', ...env }), { ...base, STORE_MODE: 'production', ...env }).filter((r) => /social/i.test(r));

  it('local mode defaults to the simulator on 127.0.0.1:IDP_PORT', () => {
    expect(readOidcConfig({ IDP_PORT: '4567' })).toEqual({
      simulated: true,
      issuer: 'http://127.0.0.1:4567',
      clientId: 'eyewear-storefront',
      clientSecret: 'simulated-client-secret',
      redirectUri: undefined,
    });
  });

  it('refuses SOCIAL_PROVIDER=simulated, an incomplete oidc registration and a loopback issuer; accepts a real one', () => {
    expect(socialRefusals({ SOCIAL_PROVIDER: 'simulated', ...real })).toHaveLength(1);
    expect(socialRefusals({ SOCIAL_PROVIDER: 'oidc', ...real, OIDC_CLIENT_SECRET: '' })).toHaveLength(1);
    expect(socialRefusals({ SOCIAL_PROVIDER: 'oidc', ...real, OIDC_ISSUER: 'http://127.0.0.1:4400' })).toHaveLength(1);
    expect(socialRefusals({ SOCIAL_PROVIDER: 'oidc', ...real })).toEqual([]);
    expect([isLoopbackIssuer('http://localhost:4400'), isLoopbackIssuer('http://[::1]:1'), isLoopbackIssuer('https://idp.example')]).toEqual([
      true,
      true,
      false,
    ]);
  });
});

describe('authorization-code flow against the simulated provider', () => {
  const REDIRECT = 'http://localhost/api/v2/customers/social/callback';
  let api: TestApi;
  let idp: { issuer: string; stop(): Promise<void> };
  const saved = { ...process.env };

  beforeAll(async () => {
    idp = await startProvider({ OIDC_CLIENT_ID: 'test-client', OIDC_CLIENT_SECRET: 'test-secret', IDP_REDIRECT_URIS: REDIRECT });
    const issuer = idp.issuer;
    Object.assign(process.env, {
      SOCIAL_PROVIDER: 'simulated',
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: 'test-client',
      OIDC_CLIENT_SECRET: 'test-secret',
      OIDC_REDIRECT_URI: REDIRECT,
    });
    api = await createTestApi();
  });
  afterAll(async () => {
    await api.close();
    await idp.stop();
    for (const key of ['SOCIAL_PROVIDER', 'OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_REDIRECT_URI']) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });

  /** Starts the flow for a browser (cookie), answers the provider's authorize URL. */
  async function start(cookie: string, returnTo = '/cart') {
    const started = await api.app.inject({
      method: 'GET',
      url: `/v2/customers/social/google/start?returnTo=${encodeURIComponent(returnTo)}`,
      headers: { cookie },
    });
    expect(started.statusCode).toBe(302);
    return { authorize: new URL(started.headers.location as string), cookie: cookieHeader(started, cookie) };
  }

  /** The tester's choice on the consent page; answers the callback URL the provider redirects to. */
  async function consent(authorize: URL, choice: Record<string, string>) {
    const page = await fetch(authorize);
    expect(page.status).toBe(200);
    const form = new URLSearchParams(authorize.searchParams);
    for (const [key, value] of Object.entries(choice)) form.set(key, value);
    const answer = await fetch(new URL('/authorize', authorize), { method: 'POST', body: form, redirect: 'manual' });
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    return back;
  }

  const callback = (back: URL, cookie: string) => api.app.inject({ method: 'GET', url: `/v2/customers/social/callback${back.search}`, headers: { cookie } });
  const me = async (cookie: string) => (await call(api.app, cookie, 'GET', '/me')).json().result;

  it('no API route mints a token: the old simulated-provider routes are gone', async () => {
    const guest = await guestSession(api.app);
    expect((await call(api.app, guest, 'POST', '/v2/social-provider/google/authorize', { email: 'a@example.com', firstName: 'A' })).statusCode).toBe(404);
    expect((await call(api.app, guest, 'POST', '/v2/customers/social/google', { token: 'x.y' })).statusCode).toBe(404);
  });

  it('redirects with state, nonce and an S256 PKCE challenge, and logs a new verified identity in', async () => {
    const { authorize, cookie } = await start(await guestSession(api.app));
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${idp.issuer}/authorize`);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'test-client',
      redirect_uri: REDIRECT,
      code_challenge_method: 'S256',
      scope: 'openid email profile',
    });
    for (const key of ['state', 'nonce', 'code_challenge']) expect(authorize.searchParams.get(key)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const back = await consent(authorize, { identity: 'sim-asha' });
    const landed = await callback(back, cookie);
    expect(landed.statusCode).toBe(302);
    expect(landed.headers.location).toBe('/cart');
    const loggedIn = cookieHeader(landed, cookie);
    expect(await me(loggedIn)).toMatchObject({ login: true, email: 'asha.social@example.com', firstName: 'Asha' });
    // The state is single use.
    const again = await callback(back, loggedIn);
    expect(again.headers.location).toBe('/customer/account/sociallink?error=expired');
    // The same subject later logs straight into the same account.
    const second = await start(await guestSession(api.app), '/');
    const landedAgain = await callback(await consent(second.authorize, { identity: 'sim-asha' }), second.cookie);
    expect(landedAgain.headers.location).toBe('/');
    expect((await me(cookieHeader(landedAgain, second.cookie))).id).toBe((await me(loggedIn)).id);
  });

  it('refuses a callback in another browser than the one that started (state bound to the session) and a denied consent', async () => {
    const { authorize } = await start(await guestSession(api.app));
    const back = await consent(authorize, { identity: 'sim-ravi' });
    const stranger = await guestSession(api.app);
    const landed = await callback(back, stranger);
    expect(landed.headers.location).toBe('/customer/account/sociallink?error=session&returnTo=%2Fcart');
    expect((await me(stranger)).login).toBe(false);

    const denied = await start(await guestSession(api.app));
    const deniedBack = await consent(denied.authorize, { deny: '1' });
    expect((await callback(deniedBack, denied.cookie)).headers.location).toBe('/customer/account/sociallink?error=denied&returnTo=%2Fcart');
  });

  it('refuses a forged code and never follows an off-site returnTo', async () => {
    const { authorize, cookie } = await start(await guestSession(api.app), '//evil.example/steal');
    const state = authorize.searchParams.get('state')!;
    const forged = await api.app.inject({ method: 'GET', url: `/v2/customers/social/callback?code=forged-code&state=${state}`, headers: { cookie } });
    expect(forged.headers.location).toBe('/customer/account/sociallink?error=failed&returnTo=%2F');
    expect((await me(cookie)).login).toBe(false);
  });

  it('an identity whose e-mail has a verified account must prove the password before it is linked', async () => {
    // An account whose e-mail was proved (by a reset link).
    const guest = await guestSession(api.app);
    const email = 'priya.link@example.com';
    const registered = await call(api.app, guest, 'POST', '/v2/customers', { firstName: 'Priya', email, password: 'priya-pass-1' });
    expect(registered.statusCode).toBe(200);
    await call(api.app, guest, 'POST', '/v2/customers/password/forgot', { emailAddress: email });
    const [mail] = await outbox(api.app, email);
    await call(api.app, guest, 'POST', `/v2/customers/password/reset/${mail!.code}`, { newPassword: 'priya-pass-2', confirmNewPassword: 'priya-pass-2' });

    const { authorize, cookie } = await start(await guestSession(api.app), '/eyeglasses');
    const landed = await callback(await consent(authorize, { identity: 'typed', email, name: 'Priya Shah', email_verified: 'true' }), cookie);
    expect(landed.headers.location).toBe('/customer/account/sociallink?returnTo=%2Feyeglasses');
    // Not logged in to the account yet.
    expect((await me(cookie)).login).toBe(false);
    const pending = await call(api.app, cookie, 'GET', '/v2/customers/social/link');
    expect(pending.json().result).toEqual({ provider: 'google', email, existingAccount: true, passwordAllowed: true, returnTo: '/eyeglasses' });
    const wrong = await call(api.app, cookie, 'POST', '/v2/customers/social/link', { password: 'not-it-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ field: 'password', message: IDENTITY_MESSAGES.badPassword });
    const linked = await call(api.app, cookie, 'POST', '/v2/customers/social/link', { password: 'priya-pass-2' });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().result).toMatchObject({ returnTo: '/eyeglasses', user: { email } });
    expect((await me(cookieHeader(linked, cookie))).email).toBe(email);
    // Linked: the next sign-in with that identity logs straight in, and the password still works.
    const next = await start(await guestSession(api.app), '/');
    const direct = await callback(await consent(next.authorize, { identity: 'typed', email, name: 'Priya Shah', email_verified: 'true' }), next.cookie);
    expect(direct.headers.location).toBe('/');
    expect((await me(cookieHeader(direct, next.cookie))).email).toBe(email);
    expect((await call(api.app, await guestSession(api.app), 'POST', '/v2/customers/authenticate', { email, password: 'priya-pass-2' })).statusCode).toBe(200);
  });

  it('locks the password step after 5 wrong tries', async () => {
    const guest = await guestSession(api.app);
    const email = 'lock.link@example.com';
    await call(api.app, guest, 'POST', '/v2/customers', { firstName: 'Lock', email, password: 'lock-pass-1' });
    await api.db.query('update customers set email_verified = true where email = $1', [email]);
    const { authorize, cookie } = await start(await guestSession(api.app));
    await callback(await consent(authorize, { identity: 'typed', email, name: 'Lock Test', email_verified: 'true' }), cookie);
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await call(api.app, cookie, 'POST', '/v2/customers/social/link', { password: `wrong-${i}-x` })).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await call(api.app, cookie, 'POST', '/v2/customers/social/link', { password: 'lock-pass-1' });
    expect(right.statusCode).toBe(404);
  });

  it('an account whose e-mail nobody proved (pre-hijack) links only by an e-mail code, which drops its password and sessions', async () => {
    // Someone registers the victim's e-mail with their own password and stays logged in.
    const attackerGuest = await guestSession(api.app);
    const email = 'ravi.social@example.com';
    const attacker = cookieHeader(
      await call(api.app, attackerGuest, 'POST', '/v2/customers', { firstName: 'Mallory', email, password: 'attacker-pass' }),
      attackerGuest,
    );
    expect((await me(attacker)).login).toBe(true);

    const { authorize, cookie } = await start(await guestSession(api.app));
    await callback(await consent(authorize, { identity: 'sim-ravi' }), cookie);
    expect((await call(api.app, cookie, 'GET', '/v2/customers/social/link')).json().result).toMatchObject({ existingAccount: true, passwordAllowed: false });
    // The attacker's password does not link the victim's identity.
    const byPassword = await call(api.app, cookie, 'POST', '/v2/customers/social/link', { password: 'attacker-pass' });
    expect(byPassword.statusCode).toBe(400);
    expect(byPassword.json().message).toBe(SOCIAL_MESSAGES.useCode);
    // A code to the e-mail: the real owner reads it.
    expect((await call(api.app, cookie, 'POST', '/v2/customers/social/link/code')).statusCode).toBe(200);
    const [mail] = await outbox(api.app, email);
    const linked = await call(api.app, cookie, 'POST', '/v2/customers/social/link', { code: mail!.code });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().result.emailVerificationStatus).toBe('VERIFIED');
    // The attacker is out: session ended, password gone.
    expect((await call(api.app, attacker, 'GET', '/v2/addresses')).statusCode).toBe(401);
    expect((await call(api.app, await guestSession(api.app), 'POST', '/v2/customers/authenticate', { email, password: 'attacker-pass' })).statusCode).toBe(401);
  });

  it('a new e-mail the provider did not verify makes an account only after a code to it', async () => {
    const { authorize, cookie } = await start(await guestSession(api.app));
    const email = 'typed.unverified@example.com';
    const landed = await callback(await consent(authorize, { identity: 'typed', email, name: 'Tara Typed' }), cookie);
    expect(landed.headers.location).toBe('/customer/account/sociallink?returnTo=%2Fcart');
    const [{ count }] = (await api.db.query<{ count: number }>('select count(*)::int as count from customers where email = $1', [email])) as [
      { count: number },
    ];
    expect(count).toBe(0);
    expect((await call(api.app, cookie, 'GET', '/v2/customers/social/link')).json().result).toMatchObject({ existingAccount: false, passwordAllowed: false });
    await call(api.app, cookie, 'POST', '/v2/customers/social/link/code');
    const [mail] = await outbox(api.app, email);
    const wrong = await call(api.app, cookie, 'POST', '/v2/customers/social/link', { code: mail!.code === '000000' ? '000001' : '000000' });
    expect(wrong.statusCode).toBe(400);
    const created = await call(api.app, cookie, 'POST', '/v2/customers/social/link', { code: mail!.code });
    expect(created.statusCode).toBe(200);
    expect(created.json().result.user).toMatchObject({ email, firstName: 'Tara', lastName: 'Typed' });
  });

  it('a code e-mailed for one pending identity does not link from another session', async () => {
    const one = await start(await guestSession(api.app));
    await callback(await consent(one.authorize, { identity: 'sim-unverified' }), one.cookie);
    await call(api.app, one.cookie, 'POST', '/v2/customers/social/link/code');
    const [mail] = await outbox(api.app, 'unverified.social@example.com');
    const two = await start(await guestSession(api.app));
    await callback(await consent(two.authorize, { identity: 'sim-unverified' }), two.cookie);
    const stolen = await call(api.app, two.cookie, 'POST', '/v2/customers/social/link', { code: mail!.code });
    expect(stolen.statusCode).toBe(400);
  });
});
