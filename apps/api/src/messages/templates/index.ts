import { type MessageAudience, type MessageEvent, type RenderedMessage } from '../events';
import { BOOKING_TEMPLATES_EN } from './bookings';
import { COMMON_EN, type CommonCopy } from './common';
import { formattersFor } from './format';
import { renderHtml, renderText, type EmailProps } from './layout';
import { ORDER_TEMPLATES_EN } from './orders';
import { RETURN_TEMPLATES_EN } from './returns';
import { fitSms } from './sms';
import { languageOf, type Language, type MessageCopy, type TemplateContext, type Templates } from './types';

/**
 * The messages' words, per language: the layout's and one template per kind. English is the
 * one language today (the site's messages are English in every country); a translation is a
 * second entry here, and `languageOf` choosing it.
 */
const LANGUAGES: Readonly<Record<Language, { common: CommonCopy; templates: Templates }>> = {
  en: { common: COMMON_EN, templates: { ...ORDER_TEMPLATES_EN, ...RETURN_TEMPLATES_EN, ...BOOKING_TEMPLATES_EN } },
};

/**
 * The message of `event` for `audience` (issue 38): the e-mail's subject, HTML (react-email)
 * and plain text, and the SMS (GSM-7, at most SMS_MAX_LENGTH characters). Money is written in
 * the audience's country's currency, days and times as the country writes them, in its time
 * zone.
 */
export async function renderMessage(event: MessageEvent, audience: MessageAudience): Promise<RenderedMessage> {
  const language = languageOf(audience.country);
  const { common, templates } = LANGUAGES[language];
  const fmt = formattersFor(audience.country);
  const site = audience.siteUrl.replace(/\/+$/, '');
  const context: TemplateContext = { fmt, common, orderUrl: (orderId) => `${site}/sales/order/history/order-detail/${orderId}` };
  // Each kind's template takes its own event: the kind picks the template, so they match.
  const template = templates[event.kind] as (event: MessageEvent, context: TemplateContext) => MessageCopy;
  const copy = template(event, context);
  const props: EmailProps = {
    language,
    copy,
    common,
    fmt,
    greeting: common.greeting(audience.name),
    footer: common.footer('bookingId' in event ? 'booking' : 'order'),
    siteUrl: audience.siteUrl,
  };
  return { subject: copy.subject, html: await renderHtml(props), text: renderText(props), sms: fitSms(copy.sms) };
}
