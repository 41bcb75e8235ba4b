import { useState } from 'react';
import { Link, useLocation } from '@eyewear/router';
import { type MenuEntry } from '@eyewear/api-client';
import { httpsUrl, useMessages } from '@eyewear/i18n';
import { messages } from '../messages';
import { activeEntry, menuVisible } from './header-rules';
import { useScrollY } from './use-scroll';

function EntryLink({ entry, withImage = false }: { entry: MenuEntry; withImage?: boolean }) {
  if (!entry.url) return <span>{entry.label}</span>;
  return (
    <Link to={entry.url} className="shell-menu__link">
      {withImage && entry.imageUrl ? <img src={httpsUrl(entry.imageUrl)} alt="" width={96} height={48} loading="lazy" /> : null}
      <span>{entry.label}</span>
    </Link>
  );
}

/** The drop-down of a top entry, in its layout: two or three columns of groups, a picture grid, or a list grid. */
function Panel({ entry }: { entry: MenuEntry }) {
  const children = entry.children ?? [];
  const layout = entry.layout ?? 'list-grid';
  const grouped = children.some((child) => child.children);
  return (
    <div className={`shell-menu__panel shell-menu__panel--${layout}`} data-layout={layout}>
      {grouped ? (
        children.map((group) => (
          <div key={group.id} className="shell-menu__group">
            <p className="shell-menu__group-title">{group.label}</p>
            <ul>
              {(group.children ?? []).map((child) => (
                <li key={child.id}>
                  <EntryLink entry={child} />
                </li>
              ))}
            </ul>
          </div>
        ))
      ) : (
        <ul>
          {children.map((child) => (
            <li key={child.id}>
              <EntryLink entry={child} withImage={layout === 'grid' || layout === 'list-grid'} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * A top entry. Its drop-down is built the first time the shopper points at or focuses the
 * entry (then kept): the page starts without the hundreds of hidden menu links.
 */
function MenuEntryItem({ entry, active }: { entry: MenuEntry; active: boolean }) {
  const [opened, setOpened] = useState(false);
  const open = () => setOpened(true);
  return (
    <li className={`shell-menu__entry${active ? ' shell-menu__entry--active' : ''}`} onPointerEnter={open} onFocus={open}>
      {entry.url ? (
        <Link to={entry.url} className="shell-menu__top-link" aria-current={active ? 'page' : undefined}>
          {entry.label}
        </Link>
      ) : (
        <span className="shell-menu__top-link" tabIndex={entry.children?.length ? 0 : undefined}>
          {entry.label}
        </span>
      )}
      {opened && entry.children?.length ? <Panel entry={entry} /> : null}
    </li>
  );
}

/** The main menu from the navigation API: the active entry marked by URL, hidden on scroll unless the shopper chose to show it. */
export function MainMenu({ menu }: { menu: readonly MenuEntry[] }) {
  const m = useMessages(messages);
  const { pathname } = useLocation();
  const scrollY = useScrollY();
  const [choice, setChoice] = useState<boolean | null>(null);
  const active = activeEntry(menu, pathname);
  const visible = menuVisible(scrollY, Boolean(active?.imageUrl), choice);
  return (
    <div className="shell-menu-wrap">
      <button type="button" className="shell-menu__toggle" aria-expanded={visible} aria-controls="shell-main-menu" onClick={() => setChoice(!visible)}>
        {visible ? m.hideMenu : m.showMenu}
      </button>
      <nav id="shell-main-menu" aria-label={m.mainMenu} className="shell-menu" hidden={!visible}>
        <ul className="shell-menu__top">
          {menu.map((entry) => (
            <MenuEntryItem key={entry.id} entry={entry} active={entry === active} />
          ))}
        </ul>
      </nav>
    </div>
  );
}
