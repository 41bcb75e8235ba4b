import { useEffect, useState } from 'react';
import { apiClientFor, checkoutRoutes, type Captcha } from '@eyewear/api-client';
import { useCountry, useMessages } from '@eyewear/i18n';
import { Field } from '../../shared/form';
import { loginMessages } from './messages';

/**
 * The captcha the server asks for before another one-time code is sent: the image of
 * GET /v2/captcha and the characters typed, handed up as `id:answer`. A new `round` (after a
 * send, right or wrong) fetches a new image, since an answer is good once.
 */
export function CaptchaField({ round, onChange, error }: { round: number; onChange(value: string): void; error?: string }) {
  const m = useMessages(loginMessages);
  const country = useCountry();
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [answer, setAnswer] = useState('');
  const [failed, setFailed] = useState(false);
  const [reload, setReload] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setCaptcha(null);
    setAnswer('');
    setFailed(false);
    onChange('');
    apiClientFor(country)
      .call(checkoutRoutes.captcha, { signal: controller.signal })
      .then(
        (a) => !controller.signal.aborted && setCaptcha(a.result),
        () => !controller.signal.aborted && setFailed(true),
      );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [country, round, reload]);
  return (
    <div className="acc-captcha">
      {captcha ? (
        <img src={captcha.image} alt={m.captchaImage} width={130} height={44} />
      ) : failed ? (
        <p role="alert">{m.somethingWrong}</p>
      ) : (
        <span role="status" aria-label={m.captchaImage} className="acc-captcha__wait" />
      )}
      <button type="button" className="ui-button ui-button--link" onClick={() => setReload((n) => n + 1)}>
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
