import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useRemoteSettings } from '@eyewear/api-client';
import { useApiClient } from '@eyewear/event-bus';
import { type RemoteFragmentProps } from '@eyewear/federation';
import { useCountry, useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { cygnusEnabled } from '../../../app/cygnus';
import { frameMessages as messages } from '../../../app/frame-messages';
import { logoutRequested, useAuth } from '../../auth';
import '../../../app/account.css';

export { cygnusEnabled };

/** The dropdown behind the customer's name: orders, prescriptions, store credit, face profile, edit account, logout. */
export default function AccountMenuImpl({ onClose }: RemoteFragmentProps) {
  const m = useMessages(messages);
  const { status, dispatch } = useAuth();
  const cygnus = cygnusEnabled(useRemoteSettings(useCountry(), useApiClient()));
  const menu = useRef<HTMLUListElement>(null);

  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, []);

  const entries = [
    { to: '/customer/account/', label: m.menuOrders },
    { to: '/customer/prescriptions/', label: m.menuPrescriptions },
    { to: '/customer/account/storecredit/', label: m.menuStoreCredit },
    ...(cygnus ? [] : [{ to: '/customer/ditto-profile/', label: m.menuFaceProfile }]),
    { to: '/customer/account/address/', label: m.menuAddresses },
    { to: '/customer/account/edit/', label: m.menuEdit },
  ];

  const onKeyDown = (event: KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') onClose();
    else if (event.key === 'ArrowDown') items[(index + 1) % items.length]?.focus();
    else if (event.key === 'ArrowUp') items[(index - 1 + items.length) % items.length]?.focus();
    else return;
    event.preventDefault();
  };

  return (
    <ul ref={menu} role="menu" aria-label={m.menuLabel} className="acc-menu" data-testid="account-AccountMenu" onKeyDown={onKeyDown}>
      {entries.map((entry) => (
        <li key={entry.to} role="none">
          <Link role="menuitem" to={entry.to} onClick={onClose} className="acc-menu__item">
            {entry.label}
          </Link>
        </li>
      ))}
      <li role="none">
        <button type="button" role="menuitem" className="acc-menu__item" disabled={status === 'loading'} onClick={() => dispatch(logoutRequested())}>
          {m.menuLogout}
        </button>
      </li>
    </ul>
  );
}
