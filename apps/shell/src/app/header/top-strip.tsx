import { countryConfig, formatMessage, useCountry, useMessages } from '@eyewear/i18n';
import { PROMISE } from '@eyewear/i18n/rules';
import { messages } from '../messages';

/**
 * Free shipping, warranty, returns; the toll-free number where the country shows one, and the UAE's
 * time text. One line at every width: where it does not fit (a phone) it scrolls sideways under the
 * finger, and takes focus so that a keyboard can scroll it too (styles.css).
 */
export function TopStrip() {
  const m = useMessages(messages);
  const config = countryConfig(useCountry());
  return (
    <ul className="shell-strip" aria-label={m.siteName} data-testid="shell-top-strip" tabIndex={0}>
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
