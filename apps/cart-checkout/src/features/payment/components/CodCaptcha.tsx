import { useId } from 'react';
import { useMessages } from '@eyewear/i18n';
import { Skeleton } from '@eyewear/ui';
import { messages } from '../../../app/messages';

/** Cash on delivery: the captcha image (or its placeholder while it loads), a new one on demand, and the text typed. */
export function CodCaptcha({ image, text, onText, onRenew }: { image: string | null; text: string; onText(text: string): void; onRenew(): void }) {
  const m = useMessages(messages);
  const id = useId();
  return (
    <div className="cc-field">
      {image ? <img src={image} alt={m.captchaImage} width={130} height={44} /> : <Skeleton width="130px" height="44px" />}
      <button type="button" className="ui-button ui-button--link" onClick={onRenew}>
        {m.newCaptcha}
      </button>
      <label htmlFor={`${id}-captcha`}>{m.captcha}</label>
      <input id={`${id}-captcha`} value={text} onChange={(e) => onText(e.target.value)} autoComplete="off" />
    </div>
  );
}
