import { useId } from 'react';
import { COUNTRIES, formatMessage, useCountry, useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { cartMessages } from '../messages';
import './cart-notices.css';

/**
 * Said before checkout when no payment method is available for this cart (shopping §5: none
 * outside India): what is wrong and what the shopper can do. `id` is what the disabled checkout
 * button points at (aria-describedby).
 */
export function NoPaymentNotice({ id, onNavigate }: { id?: string; onNavigate?(): void }) {
  const m = useMessages(cartMessages);
  const country = useCountry();
  const titleId = useId();
  return (
    <section className="cc-notice" aria-labelledby={titleId} id={id} data-testid="no-payment-notice">
      <h2 id={titleId} className="cc-notice__title">
        {m.noPaymentTitle}
      </h2>
      <p>{formatMessage(m.noPaymentBody, { country: COUNTRIES[country].countryName })}</p>
      <ul>
        <li>
          <Link to="/support" onClick={() => onNavigate?.()}>
            {m.noPaymentSupport}
          </Link>
        </li>
        <li>
          <Link to="/" onClick={() => onNavigate?.()}>
            {m.noPaymentKeepShopping}
          </Link>
        </li>
      </ul>
    </section>
  );
}
