import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { messageOf, type Order, type PowerType } from '@eyewear/api-client';
import { toastShow } from '@eyewear/event-bus';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { Link, useNavigate } from '@eyewear/router';
import { SelectField } from '../../../app/form';
import { UPDATE_TOAST_MS } from '../../../app/toasts';
import { useUpgradeApi } from '../api';
import { FRAME_POWER_TYPES, upgradeMessages } from '../messages';

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
  const upgradeUrl = `/lens-package-upgrade/${orderId}/${item.id}`;
  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const answer = await items.updatePowerType(orderId, item.id, current, to as PowerType);
      if (answer.result.status === 'PAYMENT_PENDING') {
        navigate(upgradeUrl);
        return;
      }
      dispatch(toastShow({ message: m.powerUpdated, timeout: UPDATE_TOAST_MS, success: true }));
      onChanged();
    } catch (error) {
      dispatch(toastShow({ message: messageOf(error, m.powerUpdateFailed), timeout: UPDATE_TOAST_MS, error: true }));
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
          <button type="submit" className="ui-button">
            {m.changePowerType}
          </button>
        </form>
      ) : null}
      <Link to={upgradeUrl}>{formatMessage(m.upgradeItem, { name: item.name })}</Link>
    </div>
  );
}
