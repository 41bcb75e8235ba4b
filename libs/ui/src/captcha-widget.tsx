import { useEffect, useRef, useState } from 'react';

/**
 * A captcha provider's widget (docs/adr/042): Cloudflare Turnstile, hCaptcha or reCAPTCHA v2,
 * rendered explicitly into this component with our site key. The provider's script is loaded
 * the first time a widget is shown, never before (local mode shows the built-in image instead and
 * loads nothing). The token the widget gives is handed up with `onToken` ('' while there is none,
 * or when it expired); a new `round` (after an attempt used the token) resets the widget.
 *
 * The edge's Content-Security-Policy lets these scripts run ('strict-dynamic': a script added by
 * a trusted one) and allows the provider's frames when CAPTCHA_PROVIDER is set there.
 */
export type CaptchaWidgetProvider = 'turnstile' | 'hcaptcha' | 'recaptcha';

interface ProviderApi {
  render(element: HTMLElement, options: Record<string, unknown>): string | number;
  reset(id?: string | number): void;
  remove?(id: string | number): void;
}

/** Each provider's explicit-render script and the global it defines. */
export const CAPTCHA_SCRIPTS: Record<CaptchaWidgetProvider, { src: string; global: string }> = {
  turnstile: { src: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit', global: 'turnstile' },
  hcaptcha: { src: 'https://js.hcaptcha.com/1/api.js?render=explicit&recaptchacompat=off', global: 'hcaptcha' },
  recaptcha: { src: 'https://www.google.com/recaptcha/api.js?render=explicit', global: 'grecaptcha' },
};

/** The global function a provider's script calls once it is ready (its `onload` parameter). */
export const captchaOnloadName = (provider: CaptchaWidgetProvider) => `__eyewearCaptchaReady_${provider}`;

type Globals = Record<string, unknown>;
const loading = new Map<CaptchaWidgetProvider, Promise<ProviderApi>>();

/** Loads a provider's script once per page; resolves with its API when the script says it is ready. */
export function loadCaptchaProvider(provider: CaptchaWidgetProvider): Promise<ProviderApi> {
  const known = loading.get(provider);
  if (known) return known;
  const { src, global } = CAPTCHA_SCRIPTS[provider];
  const globals = window as unknown as Globals;
  const ready = new Promise<ProviderApi>((resolve, reject) => {
    const onload = captchaOnloadName(provider);
    globals[onload] = () => resolve(globals[global] as ProviderApi);
    const script = document.createElement('script');
    script.src = `${src}&onload=${onload}`;
    script.async = true;
    script.defer = true;
    script.onerror = () => {
      loading.delete(provider);
      script.remove();
      reject(new Error(`The ${provider} captcha could not be loaded`));
    };
    document.head.appendChild(script);
  });
  loading.set(provider, ready);
  return ready;
}

export interface CaptchaWidgetProps {
  provider: CaptchaWidgetProvider;
  siteKey: string;
  /** A new value resets the widget (its token was used). */
  round?: number;
  onToken(token: string): void;
  /** The accessible name of the widget's group. */
  label: string;
  /** Shown when the provider's script cannot be loaded. */
  failedText: string;
}

export function CaptchaWidget({ provider, siteKey, round = 0, onToken, label, failedText }: CaptchaWidgetProps) {
  const host = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: ProviderApi; id: string | number } | null>(null);
  const latest = useRef(onToken);
  latest.current = onToken;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let gone = false;
    setFailed(false);
    latest.current('');
    loadCaptchaProvider(provider).then(
      (api) => {
        if (gone || !host.current) return;
        const element = document.createElement('div');
        host.current.replaceChildren(element);
        const id = api.render(element, {
          sitekey: siteKey,
          callback: (token: string) => latest.current(typeof token === 'string' ? token : ''),
          'expired-callback': () => latest.current(''),
          'error-callback': () => latest.current(''),
        });
        widget.current = { api, id };
      },
      () => {
        if (!gone) setFailed(true);
      },
    );
    return () => {
      gone = true;
      const shown = widget.current;
      widget.current = null;
      if (shown?.api.remove) shown.api.remove(shown.id);
    };
  }, [provider, siteKey]);

  // A new round: the token was used, the widget starts again.
  const firstRound = useRef(round);
  useEffect(() => {
    if (round === firstRound.current) return;
    firstRound.current = round;
    latest.current('');
    widget.current?.api.reset(widget.current.id);
  }, [round]);

  return (
    <div className="ui-captcha" role="group" aria-label={label}>
      <div ref={host} />
      {failed ? <p role="alert">{failedText}</p> : null}
    </div>
  );
}
