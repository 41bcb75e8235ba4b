import { countryConfig, formatMessage, useCountry, useMessages } from '@eyewear/i18n';
import { RETURN_WINDOW_DAYS } from '@eyewear/i18n/rules';
import { messages } from '../messages';

/** Free shipping, warranty, returns; the toll-free number where the country shows one, and the UAE's time text. */
export function TopStrip() {
  const m = useMessages(messages);
  const config = countryConfig(useCountry());
  return (
    <ul className="shell-strip" aria-label={m.siteName} data-testid="shell-top-strip">
      <li>{m.topStripShipping}</li>
      <li>{m.topStripWarranty}</li>
      <li>{formatMessage(m.topStripReturns, { days: RETURN_WINDOW_DAYS })}</li>
      {config.tollFree ? (
        <li>
          <a href={`tel:${config.tollFree.tel}`}>{formatMessage(m.topStripTollFree, { number: config.tollFree.label })}</a>
        </li>
      ) : null}
      {config.timeText ? <li>{config.timeText}</li> : null}
    </ul>
  );
}
