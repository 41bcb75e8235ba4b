import { useState } from 'react';
import { useMessages } from '@eyewear/i18n';
import { failureFrom, type Failure } from '../../app/form';
import { useLoginApi } from './api';
import { loginMessages } from './messages';

/**
 * Sending a one-time code to a mobile, as the code sign-in and the sign-up form both do: the
 * number it went to, and the captcha the server asks for from the third send (account §4,
 * "captcha-required comes from the response"). Nothing is sent when the server first asks for
 * the captcha: an earlier code stays valid.
 */
export function useCodeSender(phoneCode: string) {
  const m = useMessages(loginMessages);
  const api = useLoginApi();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [captchaRequired, setCaptchaRequired] = useState(false);
  const [captcha, setCaptcha] = useState('');
  const [captchaRound, setCaptchaRound] = useState(0);

  /** Sends a code to `telephone`; the failure to show, or null (sent, or the captcha is now asked for). */
  async function send(telephone: string): Promise<Failure | null> {
    if (captchaRequired && !captcha) return { field: 'captcha', message: m.captcha };
    try {
      const answer = await api.sendOtp(telephone, phoneCode, captchaRequired ? captcha : undefined);
      if (answer.result.sent) setSentTo(telephone);
      setCaptchaRequired(answer.result.captchaRequired);
      if (captchaRequired || answer.result.captchaRequired) setCaptchaRound((n) => n + 1);
      return null;
    } catch (failure) {
      if (captchaRequired) setCaptchaRound((n) => n + 1);
      return failureFrom(failure, m.somethingWrong);
    }
  }
  return { send, sentTo, captchaRequired, captchaRound, setCaptcha };
}
