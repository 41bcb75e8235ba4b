import { useId, useState, type FormEvent } from 'react';
import type { CartItem } from '@eyewear/api-client';
import { contactLensSpheres, isSpectaclePowerType, spectaclePowerValues } from '@eyewear/i18n/rules';
import { useMessages } from '@eyewear/i18n';
import { messages } from '../../../app/messages';
import type { CartOp } from '../api';

/** SPH values the form offers: the lab's range of the item's power type (single vision when it names none), as the API checks them. */
function sphereValues(lensType: string | undefined): string[] {
  if (lensType === 'CONTACT_LENS') return contactLensSpheres();
  return spectaclePowerValues(isSpectaclePowerType(lensType) ? lensType : 'SINGLE_VISION').sph;
}

/** For an item whose power comes later: enter it now (update item with a prescription). */
export function PowerForm({ item, busy, run }: { item: CartItem; busy: boolean; run(op: CartOp): void }) {
  const m = useMessages(messages);
  const id = useId();
  const [open, setOpen] = useState(false);
  const [right, setRight] = useState('0.00');
  const [left, setLeft] = useState('0.00');
  if (item.powerSubmission !== 'later-on-checkout-or-call') return null;
  if (!open)
    return (
      <button type="button" className="ui-button ui-button--link" onClick={() => setOpen(true)}>
        {m.enterPower}
      </button>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    run({
      op: 'update',
      itemId: item.id,
      change: {
        prescription: { powerType: (item.lensType as 'SINGLE_VISION') ?? 'SINGLE_VISION', right: { sph: right }, left: { sph: left }, userName: 'user' },
      },
    });
    setOpen(false);
  };
  const spheres = sphereValues(item.lensType);
  return (
    <form onSubmit={submit} className="cc-power-form" aria-label={m.enterPower}>
      <label htmlFor={`${id}-r`}>{m.rightEye} SPH</label>
      <select id={`${id}-r`} value={right} onChange={(e) => setRight(e.target.value)}>
        {spheres.map((v) => (
          <option key={v}>{v}</option>
        ))}
      </select>
      <label htmlFor={`${id}-l`}>{m.leftEye} SPH</label>
      <select id={`${id}-l`} value={left} onChange={(e) => setLeft(e.target.value)}>
        {spheres.map((v) => (
          <option key={v}>{v}</option>
        ))}
      </select>
      <button type="submit" className="ui-button" disabled={busy}>
        {m.savePower}
      </button>
    </form>
  );
}
