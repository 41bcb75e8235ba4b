import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { CartItem } from '@eyewear/api-client';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { messages } from '../../../app/messages';
import type { CartOp } from '../api';
import { canIncrease, showsQuantityControls, stockLabel, THUMBNAIL_SIZE, truncateName } from '../rules';
import { PowerBlock } from './PowerBlock';
import { PowerForm } from './PowerForm';

/** The package dialog is its own chunk, fetched when a shopper opens it. */
const PackageDialog = lazy(() => import('./PackageDialog'));

interface Props {
  item: CartItem;
  busy: boolean;
  run(op: CartOp): void;
  /** Names of power owners already shown above this item. */
  shownOwners: string[];
  /** The cart page offers the package change (not the popup, itself a dialog). */
  canChangePackage?: boolean;
}

export function CartItemRow({ item, busy, run, shownOwners, canChangePackage = false }: Props) {
  const m = useMessages(messages);
  const label = stockLabel(item);
  const packageOption = item.options.find((o) => o.type === 'PACKAGE');
  const [changing, setChanging] = useState(false);
  // Saving a package makes the row busy (its opener disabled) as the dialog closes: focus goes back once it is enabled again.
  const opener = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!refocus || busy) return;
    opener.current?.focus();
    setRefocus(false);
  }, [refocus, busy]);
  const changeable = canChangePackage && !!packageOption && (item.classification === 'eyeframe' || item.classification === 'sunglasses');
  return (
    <li className="cc-item" data-testid="cart-item">
      <img src={item.thumbnail} alt="" width={THUMBNAIL_SIZE} height={THUMBNAIL_SIZE} className="cc-item__thumb" />
      <div className="cc-item__body">
        <a href={item.productUrl} className="cc-item__name" title={item.name}>
          {truncateName(item.name)}
        </a>
        {packageOption ? (
          <div className="cc-item__option">
            {formatMessage(m.lensPackage, { name: packageOption.name })}{' '}
            {changeable ? (
              <button
                ref={opener}
                type="button"
                className="ui-button ui-button--link"
                aria-label={formatMessage(m.changePackageOf, { name: item.name })}
                disabled={busy}
                onClick={() => setChanging(true)}
              >
                {m.changePackage}
              </button>
            ) : null}
          </div>
        ) : null}
        {changing ? (
          <Suspense fallback={null}>
            <PackageDialog
              item={item}
              run={run}
              onClose={() => {
                setChanging(false);
                setRefocus(true);
              }}
            />
          </Suspense>
        ) : null}
        <div className="cc-item__price">{formatPrice(item.amount.total, item.amount.currencyCode)}</div>
        {label ? <div className={`cc-item__stock cc-item__stock--${label}`}>{label === 'outOfStock' ? m.outOfStock : m.onlyOneLeft}</div> : null}
        <PowerBlock item={item} shownOwners={shownOwners} />
        <PowerForm item={item} busy={busy} run={run} />
        <div className="cc-item__actions">
          {showsQuantityControls(item) ? (
            <div className="cc-qty" role="group" aria-label={m.quantity}>
              <button
                type="button"
                className="cc-qty__btn"
                aria-label={formatMessage(m.decrease, { name: item.name })}
                disabled={busy}
                onClick={() => run(item.quantity > 1 ? { op: 'decrease', itemId: item.id } : { op: 'remove', itemId: item.id })}
              >
                −
              </button>
              <span className="cc-qty__value" aria-live="polite">
                {item.quantity}
              </span>
              <button
                type="button"
                className="cc-qty__btn"
                aria-label={formatMessage(m.increase, { name: item.name })}
                disabled={busy || !canIncrease(item)}
                onClick={() => run({ op: 'increase', itemId: item.id })}
              >
                +
              </button>
            </div>
          ) : null}
          <button
            type="button"
            className="ui-button ui-button--link"
            aria-label={formatMessage(m.remove, { name: item.name })}
            disabled={busy}
            onClick={() => run({ op: 'remove', itemId: item.id })}
          >
            ✕
          </button>
        </div>
      </div>
    </li>
  );
}
