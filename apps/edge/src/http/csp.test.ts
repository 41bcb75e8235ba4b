// The pages' Content-Security-Policy lets the captcha provider's widget in, and only it (issue 40,
// docs/adr/042).
import { CAPTCHA_SOURCES, contentSecurityPolicy, inlineHashes } from './csp';

/** One directive of a policy, by name (undefined when the policy has none). */
const directive = (csp: string, name: string): string | undefined => csp.split('; ').find((d) => d.startsWith(`${name} `));

describe('Content-Security-Policy and the captcha provider', () => {
  it('allows no other frame than our own without a provider (the built-in captcha is an image)', () => {
    const csp = contentSecurityPolicy('n0nce');
    expect(directive(csp, 'frame-src')).toBeUndefined();
    expect(csp).toContain("default-src 'self'");
    expect(directive(csp, 'style-src')).toBe("style-src 'self' 'nonce-n0nce'");
  });

  it.each([
    ['turnstile', "frame-src 'self' https://challenges.cloudflare.com"],
    ['hcaptcha', "frame-src 'self' https://hcaptcha.com https://*.hcaptcha.com"],
    ['recaptcha', "frame-src 'self' https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/"],
  ])('%s: its frames; its script runs under strict-dynamic, added by our code', (provider, frames) => {
    const csp = contentSecurityPolicy('n0nce', [], provider);
    expect(directive(csp, 'frame-src')).toBe(frames);
    expect(directive(csp, 'script-src')).toBe("script-src 'nonce-n0nce' 'strict-dynamic' 'wasm-unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("hCaptcha's calls and style sheets too; an unknown name adds nothing", () => {
    const csp = contentSecurityPolicy('n0nce', ['http://127.0.0.1:4201'], 'hcaptcha');
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' http://127.0.0.1:4201 https://hcaptcha.com https://*.hcaptcha.com");
    // The table's hCaptcha style sources, as a list: a provider without any would fail here, not pass.
    const hcaptchaStyles = CAPTCHA_SOURCES['hcaptcha']?.style ?? [];
    expect(hcaptchaStyles.length).toBeGreaterThan(0);
    expect(directive(csp, 'style-src')).toBe(`style-src 'self' 'nonce-n0nce' ${hcaptchaStyles.join(' ')}`);
    expect(contentSecurityPolicy('n0nce', [], 'builtin')).toBe(contentSecurityPolicy('n0nce'));
  });
});

describe('Content-Security-Policy of a shared page: by hashes', () => {
  it('lists the hash of each inline script a browser runs and of each style, never a data block or an external script', async () => {
    const { createHash } = await import('node:crypto');
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const html =
      '<style data-href="/a.css">.a{color:red}</style><script>start()</script><script type="application/json" id="s">{"a":1}</script>' +
      '<script type="application/ld+json">{}</script><script src="/x.js"></script><script type="module">m()</script>';
    const hashes = inlineHashes(html);
    expect(hashes).toEqual({ scripts: [hash('start()'), hash('m()')], styles: [hash('.a{color:red}')] });
    const csp = contentSecurityPolicy(hashes);
    expect(directive(csp, 'script-src')).toBe(`script-src ${hash('start()')} ${hash('m()')} 'strict-dynamic' 'wasm-unsafe-eval'`);
    expect(directive(csp, 'style-src')).toBe(`style-src 'self' ${hash('.a{color:red}')}`);
    expect(csp).not.toContain('nonce');
  });
});
