import { useEffect, useRef, useState } from 'react';
import { checkoutRoutes } from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';
import { useMessages } from '@eyewear/i18n';
import { CaptchaWidget } from '@eyewear/ui';
import { Field } from '../../../app/form';
import { loginMessages } from '../messages';

/**
 * The captcha the server asks for (before another one-time code is sent; with a password on an
 * account past its free failures, from a device that never signed in to it), as GET /v2/captcha
 * describes it (docs/adr/042):
 * - local mode: the built-in image and the characters typed, handed up as `id:answer`;
 * - production: the provider's widget (its script is loaded only then), handed up as its token.
 * A new `round` (after an attempt, right or wrong) starts again, since an answer is good once.
 */
export function CaptchaField({ round, onChange, error }: { round: number; onChange(value: string): void; error?: string }) {
  const m = useMessages(loginMessages);
  const query = useQuery(checkoutRoutes.captcha);
  const [answer, setAnswer] = useState('');
  // The image being replaced is not shown again while the next one loads.
  const [used, setUsed] = useState<typeof query.data>(undefined);
  const [seenRound, setSeenRound] = useState(round);
  if (round !== seenRound) {
    setSeenRound(round);
    setUsed(query.data);
    setAnswer('');
  }
  const current = query.status === 'ready' ? query.data?.result : undefined;
  const widget = current && current.provider !== 'builtin' ? current : undefined;
  const captcha = current?.provider === 'builtin' && query.data !== used ? current : undefined;
  const { reload } = query;
  const renew = () => {
    setUsed(query.data);
    setAnswer('');
    onChange('');
    reload();
  };
  // Each round asks for a new image; the first one comes with the mount. (A provider's widget
  // resets itself on a new round.)
  const mounted = useRef(false);
  useEffect(() => {
    onChange('');
    if (mounted.current && !widget) reload();
    mounted.current = true;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [round]);
  if (widget) {
    return (
      <div className="acc-captcha">
        <CaptchaWidget
          provider={widget.provider}
          siteKey={widget.siteKey}
          round={round}
          onToken={onChange}
          label={m.captchaWidget}
          failedText={m.captchaUnavailable}
        />
        {error ? (
          <p className="acc-field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="acc-captcha">
      {captcha ? (
        <img src={captcha.image} alt={m.captchaImage} width={130} height={44} />
      ) : query.status === 'failed' ? (
        <p role="alert">{m.somethingWrong}</p>
      ) : (
        <span role="status" aria-label={m.captchaImage} className="acc-captcha__wait" />
      )}
      <button type="button" className="ui-button ui-button--link" onClick={renew}>
        {m.newCaptcha}
      </button>
      <Field
        name="captcha"
        label={m.captcha}
        value={answer}
        error={error}
        onChange={(value) => {
          setAnswer(value);
          onChange(captcha && value.trim() ? `${captcha.id}:${value.trim()}` : '');
        }}
      />
    </div>
  );
}
