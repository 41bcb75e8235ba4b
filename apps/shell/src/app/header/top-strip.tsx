import { countryConfig, formatMessage, useCountry, useMessages } from '@eyewear/i18n';
import { PROMISE } from '@eyewear/i18n/rules';
import { messages } from '../messages';

/** Free shipping, warranty, returns; the toll-free number where the country shows one, and the UAE's time text. */
export function TopStrip() {
  const m = useMessages(messages);
  const config = countryConfig(useCountry());
  return (
    <ul className="shell-strip" aria-label={m.siteName} data-testid="shell-top-strip">
      <li>{PROMISE.shipping}</li>
      <li>{PROMISE.warranty}</li>
      <li>{PROMISE.returns}</li>
      {config.tollFree ? (
        <li>
          <a href={`tel:${config.tollFree.tel}`}>{formatMessage(m.topStripTollFree, { number: config.tollFree.label })}</a>
        </li>
      ) : null}
      {config.timeText ? <li>{config.timeText}</li> : null}
    </ul>
  );
}
