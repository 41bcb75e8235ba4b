// The pages' Content-Security-Policy: scripts by nonce with 'strict-dynamic' (docs/adr/029).

/**
 * What a captcha provider's widget needs beyond our origin (CAPTCHA_PROVIDER, the API's setting,
 * docs/adr/042): its frames, and for hCaptcha its calls and style sheets. Its script needs no
 * entry: the page's trusted code adds it, which 'strict-dynamic' allows.
 */
export const CAPTCHA_SOURCES: Record<string, { frame?: string[]; connect?: string[]; style?: string[] }> = {
  turnstile: { frame: ['https://challenges.cloudflare.com'] },
  hcaptcha: {
    frame: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    connect: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    style: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  },
  recaptcha: { frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'] },
};

export function contentSecurityPolicy(nonce: string, extraConnect: readonly string[] = [], captchaProvider?: string): string {
  const captcha = (captchaProvider && CAPTCHA_SOURCES[captchaProvider]) || {};
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    // A server-rendered page inlines its remote's CSS under the nonce (docs/adr/029).
    ['style-src', "'self'", `'nonce-${nonce}'`, ...(captcha.style ?? [])].join(' '),
    // Server-rendered HTML carries React's style attributes (sizes of skeletons and images):
    // attributes only; a <style> element needs the nonce (issue 19).
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    ['connect-src', "'self'", ...extraConnect, ...(captcha.connect ?? [])].join(' '),
    ...(captcha.frame ? [['frame-src', "'self'", ...captcha.frame].join(' ')] : []),
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}
