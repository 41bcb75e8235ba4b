import { useState, type FormEvent } from 'react';
import { type RouteResult, type prescriptionRoutes } from '@eyewear/api-client';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { upgradeMessages } from '../messages';

type Package = RouteResult<typeof prescriptionRoutes.upgradeOptions>['result']['packages'][number];

/** The dearer lens packages with their price difference; the first is chosen until another is. */
export function PackageChoice({ packages, currencyCode, onChoose }: { packages: Package[]; currencyCode: string; onChoose(packageId: number): Promise<void> }) {
  const m = useMessages(upgradeMessages);
  const [chosen, setChosen] = useState<number | null>(null);
  const selected = chosen ?? packages[0]?.id ?? null;
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (selected !== null) await onChoose(selected);
  }
  return (
    <form onSubmit={submit} aria-label={m.choosePackage}>
      <fieldset>
        <legend>{m.choosePackage}</legend>
        {packages.map((p) => (
          <label key={p.id} className="acc-radio acc-card">
            <input type="radio" name="package" value={p.id} checked={selected === p.id} onChange={() => setChosen(p.id)} />
            <span>
              <strong>{p.name}</strong> · {formatMessage(m.priceDifference, { amount: formatPrice(p.priceDifference, currencyCode) })}
              <br />
              {p.description} ({p.features.join(', ')})
            </span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="ui-button">
        {m.upgrade}
      </button>
    </form>
  );
}
