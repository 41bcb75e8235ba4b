import { useId, useState, type FormEvent } from 'react';
import { messageOf, type CartItem } from '@eyewear/api-client';
import { formatPrice, useMessages } from '@eyewear/i18n';
import { Dialog, Skeleton } from '@eyewear/ui';
import { messages } from '../../../app/messages';
import { itemPowerType, usePackages, type CartOp } from '../api';

const optionId = (item: CartItem, type: 'PACKAGE' | 'COATING') => {
  const oid = item.options.find((o) => o.type === type)?.oid;
  return oid === undefined ? null : Number(oid);
};

/**
 * "Update item (package)" from the cart: the packages that fit the item (same power type, frame
 * type) with their prices from the API; the choice is sent as an update and the API prices the
 * cart again (the client never computes money). Lazy-loaded: only opened dialogs cost bytes.
 */
export default function PackageDialog({ item, run, onClose }: { item: CartItem; run(op: CartOp): void; onClose(): void }) {
  const m = useMessages(messages);
  const id = useId();
  const powerType = itemPowerType(item);
  const query = usePackages(item);
  const packages = query.status === 'ready' ? (query.data?.result.packages ?? []) : null;
  const [packageId, setPackageId] = useState<number | null>(optionId(item, 'PACKAGE'));
  const [coatingId, setCoatingId] = useState<number | null>(optionId(item, 'COATING'));

  const current = optionId(item, 'PACKAGE');
  const chosen = packages?.find((p) => p.id === packageId) ?? null;
  const unchanged = packageId === current && coatingId === optionId(item, 'COATING');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || unchanged) return;
    const coating = chosen.coatings.some((c) => c.id === coatingId) ? coatingId : null;
    run({ op: 'update', itemId: item.id, change: { packageId: chosen.id, ...(coating ? { coatingId: coating } : {}), powerType } });
    onClose();
  };
  const price = (p: { prices: { price: number; currencyCode: string }[] }) => formatPrice(p.prices[0]!.price, p.prices[0]!.currencyCode);

  return (
    <Dialog title={m.changePackage} onClose={onClose} closeLabel={m.close} testId="package-dialog">
      <p className="cc-item__name">{item.name}</p>
      {query.status === 'failed' ? (
        <p role="alert" className="cc-error">
          {messageOf(query.error, m.systemError)}
        </p>
      ) : packages === null ? (
        <div aria-busy="true" aria-label={m.packagesLoading}>
          <Skeleton />
        </div>
      ) : packages.length === 0 ? (
        <p>{m.packagesNone}</p>
      ) : (
        <form onSubmit={submit} className="cc-money" aria-label={m.changePackage}>
          <fieldset className="cc-methods">
            <legend>{m.packageLegend}</legend>
            {packages.map((p) => (
              <label key={p.id} className="cc-package">
                <input
                  type="radio"
                  name={`${id}-package`}
                  value={p.id}
                  checked={packageId === p.id}
                  onChange={() => {
                    setPackageId(p.id);
                    setCoatingId(null);
                  }}
                />{' '}
                <span>
                  {p.name} · {price(p)}
                  {p.id === current ? ` ${m.packageCurrent}` : ''}
                </span>
                <span className="cc-cta__sub"> {p.description}</span>
              </label>
            ))}
          </fieldset>
          {chosen && chosen.coatings.length > 0 ? (
            <div className="cc-field">
              <label htmlFor={`${id}-coating`}>{m.coating}</label>
              <select id={`${id}-coating`} value={coatingId ?? ''} onChange={(e) => setCoatingId(e.target.value ? Number(e.target.value) : null)}>
                <option value="">{m.noCoating}</option>
                {chosen.coatings.map((c) => (
                  <option key={c.id} value={c.id}>
                    {`${c.name} · ${price(c)}`}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div className="cc-code__row">
            <button type="submit" className="ui-button ui-button--primary" disabled={!chosen || unchanged}>
              {m.savePackage}
            </button>
            <button type="button" className="ui-button" onClick={onClose}>
              {m.cancel}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
