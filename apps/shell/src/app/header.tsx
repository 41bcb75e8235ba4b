import { Link } from 'react-router-dom';
import { useSelector } from 'react-redux';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { messages } from './messages';
import { SearchForm } from './search-form';
import { selectCartCount } from './shell-slice';

export function Header() {
  const m = useMessages(messages);
  const count = useSelector(selectCartCount);
  return (
    <header className="shell-header">
      <ul className="shell-strip" aria-label={m.siteName}>
        <li>{m.topStripShipping}</li>
        <li>{m.topStripWarranty}</li>
        <li>{m.topStripReturns}</li>
      </ul>
      <div className="shell-header__bar">
        <Link to="/" className="shell-logo" aria-label={m.logoLabel}>
          {m.siteName}
        </Link>
        <SearchForm />
        <nav aria-label={m.siteName} className="shell-header__links">
          <Link to="/customer/account/">{m.trackOrder}</Link>
          <Link to="/cart" aria-label={formatMessage(m.cartWithCount, { count })}>
            {m.cart}
            <span className="shell-badge" aria-hidden="true">
              {count}
            </span>
          </Link>
        </nav>
      </div>
    </header>
  );
}
