import nodemailer, { type Transporter } from 'nodemailer';
import { type Notifier } from './notifier';

/**
 * The production e-mail adapter (EMAIL_PROVIDER=smtp): sends through the SMTP server of
 * SMTP_URL (`smtps://user:password@smtp.example.com:465`, or `smtp://…:587` with STARTTLS), from
 * SMTP_FROM (`Eyewear <orders@eyewear.example>`), with the message's text and HTML parts. A
 * failure throws, so the message job is retried with backoff (jobs/queue.ts); codes, sent in the
 * request that asks for them, fail that request instead.
 */
export function smtpSettings(env: Record<string, string | undefined> = process.env): { url: string; from: string } | null {
  const url = env.SMTP_URL?.trim();
  const from = env.SMTP_FROM?.trim();
  return url && from ? { url, from } : null;
}

let transport: { url: string; transporter: Transporter } | null = null;
function transporterFor(url: string): Transporter {
  if (transport?.url !== url) transport = { url, transporter: nodemailer.createTransport(url) };
  return transport.transporter;
}

export const smtpEmail: Notifier = {
  channel: 'email',
  provider: 'smtp',
  async send(_db, message) {
    const settings = smtpSettings();
    if (!settings) throw new Error('EMAIL_PROVIDER=smtp needs SMTP_URL and SMTP_FROM.');
    await transporterFor(settings.url).sendMail({
      from: settings.from,
      to: message.to,
      subject: message.subject ?? 'Eyewear',
      text: message.body,
      ...(message.html ? { html: message.html } : {}),
    });
  },
};
