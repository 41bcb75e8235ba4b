import { useEffect, useRef, useState } from 'react';
import { checkoutRoutes } from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';
import { useMessages } from '@eyewear/i18n';
import { Field } from '../../../app/form';
import { loginMessages } from '../messages';

/**
 * The captcha the server asks for before another one-time code is sent: the image of
 * GET /v2/captcha and the characters typed, handed up as `id:answer`. A new `round` (after a
 * send, right or wrong) fetches a new image, since an answer is good once.
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
  const captcha = query.status === 'ready' && query.data !== used ? query.data?.result : undefined;
  const { reload } = query;
  const renew = () => {
    setUsed(query.data);
    setAnswer('');
    onChange('');
    reload();
  };
  // Each round asks for a new image; the first one comes with the mount.
  const mounted = useRef(false);
  useEffect(() => {
    onChange('');
    if (mounted.current) reload();
    mounted.current = true;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [round]);
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
