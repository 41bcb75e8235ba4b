import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import { type Captcha } from '@eyewear/api-client';
import { useMessages } from '@eyewear/i18n';
import { Skeleton } from '@eyewear/ui';
import { messages } from '../../../app/messages';

/** The provider's widget, only in provider mode (production): a chunk of its own, off the payment page's first load. */
const ProviderCaptcha = lazy(() => import('./ProviderCaptcha'));

/**
 * Cash on delivery's captcha (docs/adr/042): in local mode the built-in image (or its placeholder
 * while it loads) and the characters typed; in production the provider's widget, whose token is
 * handed up as the text. A new one on demand either way, and after every refused attempt (the
 * old one is used up): the field is emptied and focused.
 */
export function CodCaptcha({
  captcha,
  round = 0,
  text,
  onText,
  onRenew,
  retry = 0,
  errorId,
}: {
  captcha: Captcha | null;
  round?: number;
  text: string;
  onText(text: string): void;
  onRenew(): void;
  /** Counts refused attempts: each brought a new captcha, and the field takes the cursor back. */
  retry?: number;
  /** The form's message about the answer (wrong), tied to the field. */
  errorId?: string;
}) {
  const m = useMessages(messages);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (retry > 0) input.current?.focus();
  }, [retry]);
  if (captcha && captcha.provider !== 'builtin') {
    return (
      <div className="cc-field">
        <Suspense fallback={<Skeleton width="300px" height="65px" />}>
          <ProviderCaptcha
            provider={captcha.provider}
            siteKey={captcha.siteKey}
            round={round}
            onToken={onText}
            label={m.captchaCheck}
            failedText={m.captchaUnavailable}
          />
        </Suspense>
        <button type="button" className="ui-button ui-button--link" onClick={onRenew}>
          {m.newCaptcha}
        </button>
      </div>
    );
  }
  return (
    <div className="cc-field">
      {captcha ? <img src={captcha.image} alt={m.captchaImage} width={130} height={44} /> : <Skeleton width="130px" height="44px" />}
      <button type="button" className="ui-button ui-button--link" onClick={onRenew}>
        {m.newCaptcha}
      </button>
      <label htmlFor={`${id}-captcha`}>{m.captcha}</label>
      <input
        ref={input}
        id={`${id}-captcha`}
        value={text}
        onChange={(e) => onText(e.target.value)}
        autoComplete="off"
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
      />
    </div>
  );
}
