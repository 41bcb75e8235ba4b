import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyComponent } from '@eyewear/event-bus';
import { Link, useLocation } from '@eyewear/router';
import { useMessages } from '@eyewear/i18n';
import { messages } from '../messages';
import { SearchForm } from '../search/search-box';
import { ChatEntry } from './chat-entry';
import { HeaderLinks } from './header-links';
import { SearchIcon } from './icons';
import { MenuDrawer } from './menu-drawer';
import { HEADER_SCROLL_THRESHOLD_PX, usesBrandLogo } from './header-rules';
import { MainMenu } from './main-menu';
import { TopBarLinks } from './top-bar-links';
import { TopStrip } from './top-strip';
import { useNavigation } from './use-navigation';
import { useScrollY } from './use-scroll';
import './header.css';

const GoldBanner = lazyComponent('shell/GoldBanner', () => import('../banners/gold-banner'));

export function Header() {
  const m = useMessages(messages);
  const { pathname, search } = useLocation();
  const scrolled = useScrollY() > HEADER_SCROLL_THRESHOLD_PX;
  const navigation = useNavigation();
  const brand = usesBrandLogo(pathname);
  // On a phone the search field opens under the compact row, from the search button.
  const [searchOpen, setSearchOpen] = useState(false);
  const [searchAt, setSearchAt] = useState(pathname);
  if (searchOpen && searchAt !== pathname) {
    setSearchOpen(false);
    setSearchAt(pathname);
  }
  const searchBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (searchOpen) searchBox.current?.querySelector('input')?.focus();
  }, [searchOpen]);
  return (
    <header className={`shell-header${scrolled ? ' shell-header--scrolled' : ''}${searchOpen ? ' shell-header--search-open' : ''}`} data-scrolled={scrolled}>
      {/* The promise and, at its end, the chat entry: in the header on every width, never over the page. */}
      <div className="shell-strip-row">
        <TopStrip />
        <ChatEntry />
      </div>
      <div className="shell-header__bar">
        <MenuDrawer menu={navigation?.menu ?? null} />
        <Link
          to="/"
          className={`shell-logo${brand ? ' shell-logo--brand' : ''}`}
          aria-label={brand ? m.brandLogoLabel : m.logoLabel}
          data-testid="shell-logo"
          data-logo={brand ? 'brand' : 'default'}
        >
          {m.siteName}
        </Link>
        <div className="shell-header__search" id="shell-header-search" ref={searchBox}>
          <SearchForm />
        </div>
        <button
          type="button"
          className="shell-icon-button shell-phone-only"
          aria-expanded={searchOpen}
          aria-controls="shell-header-search"
          onClick={() => {
            setSearchAt(pathname);
            setSearchOpen(!searchOpen);
          }}
        >
          <SearchIcon />
          <span className="shell-visually-hidden">{m.searchOpen}</span>
        </button>
        <HeaderLinks />
      </div>
      {/* Both rows keep their height before the navigation arrives: no layout shift. */}
      <div className="shell-topbar-slot">{navigation?.topBarLinks?.length ? <TopBarLinks links={navigation.topBarLinks} /> : null}</div>
      {navigation ? <MainMenu menu={navigation.menu} /> : <div className="shell-menu-placeholder" aria-hidden="true" />}
      {new URLSearchParams(search).get('gold_add') === '1' ? (
        <Suspense fallback={null}>
          <GoldBanner />
        </Suspense>
      ) : null}
    </header>
  );
}
