// The pages' Content-Security-Policy: scripts by nonce (a page for one shopper, docs/adr/029) or
// by the hashes of the page's inline scripts and styles (a page a shared cache keeps, docs/adr/048),
// with 'strict-dynamic' either way.
import { createHash } from 'node:crypto';

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

/** The sources of a page's inline scripts and styles: their hashes (`'sha256-…'`). */
export interface InlineHashes {
  scripts: string[];
  styles: string[];
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
/** Script types a browser runs (a data block, JSON or JSON-LD, is never run: CSP does not apply). */
const RUN = /^(?:|text\/javascript|application\/javascript|module)$/i;

/** The hashes of a document's inline scripts (those a browser runs) and `<style>` elements. */
export function inlineHashes(html: string): InlineHashes {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1] ?? '';
    if (RUN.test(type.trim())) scripts.add(sha256(text));
  }
  for (const [, text = ''] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) styles.add(sha256(text));
  return { scripts: [...scripts], styles: [...styles] };
}

/**
 * The policy of a page: `source` is the response's nonce, or the hashes of a shared page's
 * inline scripts and styles (no nonce on a page many shoppers get: it would be known to all).
 */
export function contentSecurityPolicy(source: string | InlineHashes, extraConnect: readonly string[] = [], captchaProvider?: string): string {
  const captcha = (captchaProvider && CAPTCHA_SOURCES[captchaProvider]) || {};
  const scripts = typeof source === 'string' ? [`'nonce-${source}'`] : source.scripts;
  const styles = typeof source === 'string' ? [`'nonce-${source}'`] : source.styles;
  return [
    "default-src 'self'",
    // 'wasm-unsafe-eval' compiles WebAssembly and nothing else (no eval of JavaScript): the face
    // model's WASM backend (try-on, frame size, face profiles; docs/adr/058). Every page has it,
    // since a page the shopper lands on may move to one of those without a new document.
    ['script-src', ...scripts, "'strict-dynamic'", "'wasm-unsafe-eval'"].join(' '),
    // A server-rendered page inlines its remote's CSS, under the nonce or by its hash.
    ['style-src', "'self'", ...styles, ...(captcha.style ?? [])].join(' '),
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
