import { useState } from 'react';
import { ApiError } from '@eyewear/api-client';

/**
 * The API asked for a captcha with the password (issue 40, docs/adr/042): the account had several
 * failed sign-ins and this browser never signed in to it (429 or 400 CAPTCHA_REQUIRED).
 */
export function captchaRequiredOf(error: unknown): boolean {
  const body = error instanceof ApiError ? (error.body as { code?: unknown; captchaRequired?: unknown } | undefined) : undefined;
  return body?.code === 'CAPTCHA_REQUIRED' || body?.captchaRequired === true;
}

/**
 * The captcha of a password form (the e-mail sign-in, linking a social sign-in): shown once the
 * API asks for it, sent with every later try, and replaced after each try (an answer is good once).
 */
export function usePasswordCaptcha() {
  const [required, setRequired] = useState(false);
  const [value, setValue] = useState('');
  const [round, setRound] = useState(0);
  return {
    required,
    round,
    setValue,
    /** What to send with the next try: the answer while one is asked for. */
    answer: required && value ? value : undefined,
    /** Asked for, and not answered yet. */
    missing: required && !value,
    /** After a try (its error, if it failed): a used answer is replaced; an answer that asks for one shows the field. */
    after(error?: unknown) {
      if (required) setRound((n) => n + 1);
      if (error !== undefined && captchaRequiredOf(error)) setRequired(true);
    },
  };
}
