import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { fieldOf, messageOf, type Order, type PowerType, type PowerTypeAdditions } from '@eyewear/api-client';
import { toastShow } from '@eyewear/event-bus';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { formatPower, needsAddition, POWER_LATER, SPECTACLE_POWER_RANGES, spectaclePowerValues, type SpectaclePowerType } from '@eyewear/i18n/rules';
import { Link, useNavigate } from '@eyewear/router';
import { SelectField } from '../../../app/form';
import { UPDATE_TOAST_MS } from '../../../app/toasts';
import { useUpgradeApi } from '../api';
import { FRAME_POWER_TYPES, upgradeMessages } from '../messages';

const SIDES = ['right', 'left'] as const;
type Side = (typeof SIDES)[number];

/**
 * An unshipped frame's lenses: change the power type (PUT .../powertype?from&to, toasts of
 * 7000 ms) and a link to the lens package upgrade. A dearer change goes on to the upgrade page,
 * where its difference is paid.
 */
export function ItemLensActions({ orderId, item, onChanged }: { orderId: number; item: Order['items'][number]; onChanged(): void }) {
  const m = useMessages(upgradeMessages);
  const items = useUpgradeApi();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const current = (item.powerType ?? item.prescription?.powerType ?? 'SINGLE_VISION') as PowerType;
  const [to, setTo] = useState<string>(FRAME_POWER_TYPES.find((t) => t !== current) ?? 'BIFOCAL');
  // Bifocal and progressive lenses need each eye's ADD (issue 42: switching never asked it): asked
  // for every eye the item has a power for, in the new type's range (the lab's).
  const withPower = SIDES.filter((side) => {
    const sph = item.prescription?.[side]?.sph;
    return Boolean(sph && sph !== POWER_LATER);
  });
  const asksAddition = needsAddition(to) && withPower.length > 0;
  const range = asksAddition ? SPECTACLE_POWER_RANGES[to as SpectaclePowerType].ap! : null;
  const [additions, setAdditions] = useState<Record<Side, string>>({ right: item.prescription?.right?.ap ?? '', left: item.prescription?.left?.ap ?? '' });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const upgradeUrl = `/lens-package-upgrade/${orderId}/${item.id}`;
  async function submit(event: FormEvent) {
    event.preventDefault();
    let body: PowerTypeAdditions | undefined;
    if (asksAddition && range) {
      const missing = withPower.filter((side) => !additions[side]);
      const needed = formatMessage(m.additionNeeded, { min: formatPower(range[0]), max: formatPower(range[1]) });
      setErrors(Object.fromEntries(missing.map((side) => [`${side}.ap`, needed])));
      if (missing.length > 0) return;
      body = Object.fromEntries(withPower.map((side) => [side, { ap: additions[side] }]));
    } else setErrors({});
    try {
      const answer = await items.updatePowerType(orderId, item.id, current, to as PowerType, body);
      if (answer.result.status === 'PAYMENT_PENDING') {
        navigate(upgradeUrl);
        return;
      }
      dispatch(toastShow({ message: m.powerUpdated, timeout: UPDATE_TOAST_MS, success: true }));
      onChanged();
    } catch (error) {
      const field = fieldOf(error);
      const message = messageOf(error, m.powerUpdateFailed);
      // A refused ADD shows at its eye, without the API's field name.
      if (field?.endsWith('.ap')) setErrors({ [field]: message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message });
      dispatch(toastShow({ message: field ? message.replace(/^[a-z]+(\.[a-z]+)*: /i, '') : message, timeout: UPDATE_TOAST_MS, error: true }));
    }
  }
  return (
    <div className="acc-lens">
      {item.classification === 'eyeframe' ? (
        <form onSubmit={submit} aria-label={`${m.changePowerType}: ${item.name}`}>
          <p>
            {m.powerType}: {current in m ? m[current as keyof typeof m] : current}
          </p>
          <SelectField
            name="powerType"
            label={m.changePowerType}
            value={to}
            onChange={setTo}
            options={FRAME_POWER_TYPES.filter((t) => t !== current).map((t) => ({ value: t, label: m[t] }))}
          />
          {asksAddition ? (
            <fieldset className="acc-eyes">
              <legend>{m.additionHint}</legend>
              {withPower.map((side) => {
                const id = `acc-${item.id}-${side}-ap`;
                const error = errors[`${side}.ap`];
                return (
                  <div className="acc-field" key={side}>
                    <label htmlFor={id}>{m[`addition_${side}`]}</label>
                    <select
                      id={id}
                      name={`${side}.ap`}
                      value={additions[side]}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-error` : undefined}
                      onChange={(event) => setAdditions((now) => ({ ...now, [side]: event.target.value }))}
                    >
                      <option value="">{m.chooseAddition}</option>
                      {(spectaclePowerValues(to as SpectaclePowerType).ap ?? []).map((v) => (
                        <option key={v} value={v}>
                          {v}
                        </option>
                      ))}
                    </select>
                    {error ? (
                      <span id={`${id}-error`} className="acc-field__error">
                        {error}
                      </span>
                    ) : null}
                  </div>
                );
              })}
            </fieldset>
          ) : null}
          <button type="submit" className="ui-button">
            {m.changePowerType}
          </button>
        </form>
      ) : null}
      <Link to={upgradeUrl}>{formatMessage(m.upgradeItem, { name: item.name })}</Link>
    </div>
  );
}
