import { useState } from 'react';
import { useSelector } from 'react-redux';
import { type MenuEntry } from '@eyewear/api-client';
import { useMessages } from '@eyewear/i18n';
import { Link, useLocation } from '@eyewear/router';
import { Dialog } from '@eyewear/ui';
import { messages } from '../messages';
import { selectSession } from '../shell-slice';
import { useFragments } from './fragment-host';
import { activeEntry } from './header-rules';
import { MenuIcon } from './icons';

function DrawerLink({ entry, onGo }: { entry: MenuEntry; onGo(): void }) {
  return entry.url ? (
    <Link to={entry.url} onClick={onGo}>
      {entry.label}
    </Link>
  ) : (
    <span>{entry.label}</span>
  );
}

/** A top entry: a link, or a disclosure with its groups and links (a phone has no hover). */
function DrawerEntry({ entry, active, onGo }: { entry: MenuEntry; active: boolean; onGo(): void }) {
  const children = entry.children ?? [];
  if (!children.length) {
    return (
      <li className="shell-drawer__entry">
        {entry.url ? (
          <Link to={entry.url} onClick={onGo} aria-current={active ? 'page' : undefined}>
            {entry.label}
          </Link>
        ) : (
          <span>{entry.label}</span>
        )}
      </li>
    );
  }
  const links = children.flatMap((child) => (child.children ? child.children : [child]));
  return (
    <li className="shell-drawer__entry">
      <details open={active}>
        <summary>{entry.label}</summary>
        <ul>
          {entry.url ? (
            <li>
              <Link to={entry.url} onClick={onGo} aria-current={active ? 'page' : undefined}>
                {entry.label}
              </Link>
            </li>
          ) : null}
          {links.map((link) => (
            <li key={link.id}>
              <DrawerLink entry={link} onGo={onGo} />
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}

/**
 * The phone's menu (shown below 768 px, where the header is one compact row): a button that
 * opens a drawer with the main menu, Track order and, for a guest, sign in and sign up.
 */
export function MenuDrawer({ menu }: { menu: readonly MenuEntry[] | null }) {
  const m = useMessages(messages);
  const [open, setOpen] = useState(false);
  const session = useSelector(selectSession);
  const fragments = useFragments();
  const { pathname } = useLocation();
  const active = menu ? activeEntry(menu, pathname) : undefined;
  const [openedAt, setOpenedAt] = useState(pathname);
  // A navigation (a link in the drawer, or the back button) closes it.
  if (open && openedAt !== pathname) {
    setOpen(false);
    setOpenedAt(pathname);
  }
  const close = () => setOpen(false);
  const login = (tab: 'signin' | 'signup') => {
    setOpen(false);
    fragments.open('loginPopup', { tab }, null);
  };
  return (
    <>
      <button
        type="button"
        className="shell-icon-button shell-phone-only"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setOpenedAt(pathname);
          setOpen(true);
        }}
        data-testid="shell-menu-button"
      >
        <MenuIcon />
        <span className="shell-visually-hidden">{m.menuOpen}</span>
      </button>
      {open ? (
        <Dialog title={m.mainMenu} closeLabel={m.menuClose} placement="start" onClose={close} testId="shell-menu-drawer">
          <nav aria-label={m.mainMenu} className="shell-drawer">
            {menu?.length ? (
              <ul className="shell-drawer__menu">
                {menu.map((entry) => (
                  <DrawerEntry key={entry.id} entry={entry} active={entry === active} onGo={close} />
                ))}
              </ul>
            ) : null}
            <ul className="shell-drawer__links">
              <li>
                <Link to="/customer/account/" onClick={close}>
                  {m.trackOrder}
                </Link>
              </li>
              {session.login ? null : (
                <>
                  <li>
                    <button type="button" className="shell-link-button" onClick={() => login('signin')}>
                      {m.signInShort}
                    </button>
                  </li>
                  <li>
                    <button type="button" className="shell-link-button" onClick={() => login('signup')}>
                      {m.signUpShort}
                    </button>
                  </li>
                </>
              )}
            </ul>
          </nav>
        </Dialog>
      ) : null}
    </>
  );
}
