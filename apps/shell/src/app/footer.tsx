import { Link } from 'react-router-dom';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { messages } from './messages';

export function Footer() {
  const m = useMessages(messages);
  return (
    <footer className="shell-footer">
      <p>{m.footerPromise}</p>
      <nav aria-label={m.siteName}>
        <ul>
          <li>
            <Link to="/support">{m.footerSupport}</Link>
          </li>
          <li>
            <Link to="/reviews">{m.footerReviews}</Link>
          </li>
          <li>
            <Link to="/HTO">{m.footerStores}</Link>
          </li>
        </ul>
      </nav>
      <p className="shell-footer__legal">{formatMessage(m.footerCopyright, { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
