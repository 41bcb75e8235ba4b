import { Link, useLocation } from '@eyewear/router';
import { type Navigation } from '@eyewear/api-client';
import { useMessages } from '@eyewear/i18n';
import { messages } from '../messages';
import { COMPARE_LOOKS_RETURN_KEY } from './header-rules';

type TopBarLink = NonNullable<Navigation['topBarLinks']>[number];

/** Top-bar links: external by full URL (new tab), in-app, or a phone call; compare-looks remembers where the shopper was. */
export function TopBarLinks({ links }: { links: readonly TopBarLink[] }) {
  const m = useMessages(messages);
  const location = useLocation();
  return (
    <ul className="shell-topbar" aria-label={m.topBarLinks}>
      {links.map((link) => (
        <li key={link.url}>
          {link.kind === 'internal' ? (
            <Link
              to={link.url}
              onClick={() => {
                if (link.url.startsWith('/compare-looks')) {
                  try {
                    sessionStorage.setItem(COMPARE_LOOKS_RETURN_KEY, `${location.pathname}${location.search}${location.hash}`);
                  } catch {
                    // Storage refused (private mode): the page simply has no way back.
                  }
                }
              }}
            >
              {link.label}
            </Link>
          ) : link.kind === 'phone' ? (
            <a href={link.url.startsWith('tel:') ? link.url : `tel:${link.url}`}>{link.label}</a>
          ) : (
            <a href={link.url} target="_blank" rel="noopener noreferrer">
              {link.label}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
