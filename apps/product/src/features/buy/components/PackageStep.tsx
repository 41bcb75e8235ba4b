import { useEffect, type FormEvent } from 'react';
import { messageOf, type LensPackage } from '@eyewear/api-client';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { SkeletonGrid } from '@eyewear/ui';
import { pageMessages } from '../../../app/page-messages';
import { lensMessages } from '../messages';
import { usePackages } from '../api';
import { AddExtras, StepSubmit } from './LensFlowParts';
import { packageChoice, type StepProps } from './use-lens-flow';

/** The chosen package's coatings, with "no extra coating" first. */
function Coatings({ chosen, coatingId, onChange }: { chosen: LensPackage; coatingId: number | null; onChange(id: number | null): void }) {
  const lens = useMessages(lensMessages);
  return (
    <fieldset>
      <legend>{lens.coatingLegend}</legend>
      <label className="pdp-option">
        <input type="radio" name="coating" checked={coatingId === null} onChange={() => onChange(null)} /> {lens.noCoating}
      </label>
      {chosen.coatings.map((c) => (
        <label key={c.id} className="pdp-option">
          <input type="radio" name="coating" value={c.id} checked={coatingId === c.id} onChange={() => onChange(c.id)} /> {c.name} +
          {formatPrice(c.prices[0]!.price, c.prices[0]!.currencyCode)}
        </label>
      ))}
    </fieldset>
  );
}

/** Step 2: the lens package (all of them, or express only) and its coating, with the live total; zero power adds from here. */
export function PackageStep({ product, sunglasses, flow, dispatch, addLenses, total }: StepProps) {
  const m = useMessages(pageMessages);
  const lens = useMessages(lensMessages);
  const { powerType, packageId, coatingId } = flow;
  const packages = usePackages(product, powerType, flow, powerType !== 'FRAME_ONLY');
  useEffect(() => {
    if (packages.status === 'ready') dispatch({ type: 'packagesLoaded', ids: packages.list.map((p) => p.id) });
  }, [packages.status, packages.list, dispatch]);
  const chosen = packages.list.find((p) => p.id === packageId) ?? null;
  const zeroPower = powerType === 'ZERO_POWER';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!packageId || powerType === 'FRAME_ONLY') return;
    if (zeroPower) addLenses(packageChoice(flow, packageId, powerType));
    else dispatch({ type: 'step', step: 'power' });
  };
  return (
    <form onSubmit={submit} className="pdp-form">
      <fieldset>
        <legend>{lens.packageLegend}</legend>
        <label className="pdp-check">
          <input type="checkbox" checked={flow.allPackages} onChange={(e) => dispatch({ type: 'filters', allPackages: e.target.checked })} /> {lens.allPackages}
        </label>
        <label className="pdp-check">
          <input type="checkbox" checked={flow.expressOnly} onChange={(e) => dispatch({ type: 'filters', expressOnly: e.target.checked })} /> {lens.expressOnly}
        </label>
        {packages.status === 'loading' ? <SkeletonGrid rows={1} label={lens.loadingPackages} /> : null}
        {packages.status === 'failed' ? (
          <p role="alert" className="pdp-error">
            {messageOf(packages.error, m.retry)}
          </p>
        ) : null}
        {packages.status === 'ready' && packages.list.length === 0 ? <p>{lens.noPackages}</p> : null}
        {packages.list.map((p) => (
          <label key={p.id} className="pdp-option">
            <input type="radio" name="package" value={p.id} checked={packageId === p.id} onChange={() => dispatch({ type: 'package', packageId: p.id })} />
            <span>
              <strong>{p.name}</strong> {formatPrice(p.prices[0]!.price, p.prices[0]!.currencyCode)}{' '}
              {p.expressAvailable ? <span className="pdp-badge">{lens.express}</span> : null}
              <br />
              <span className="pdp-muted">{p.description}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {chosen && chosen.coatings.length > 0 ? (
        <Coatings chosen={chosen} coatingId={coatingId} onChange={(id) => dispatch({ type: 'coating', coatingId: id })} />
      ) : null}
      <p className="pdp-total" aria-live="polite">
        {formatMessage(lens.total, { price: total })}
      </p>
      <AddExtras product={product} flow={flow} dispatch={dispatch} gold={zeroPower} />
      <div className="pdp-actions">
        {!sunglasses ? (
          <button type="button" className="ui-button ui-button--link" onClick={() => dispatch({ type: 'step', step: 'type' })}>
            {lens.back}
          </button>
        ) : null}
        <StepSubmit adds={zeroPower} disabled={!packageId} />
      </div>
    </form>
  );
}
