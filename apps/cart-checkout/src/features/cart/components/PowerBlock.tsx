import type { CartItem } from '@eyewear/api-client';
import { powerOwnerLabel, useMessages } from '@eyewear/i18n';
import { messages } from '../../../app/messages';
import { PowerTable } from '@eyewear/ui';

const FIELDS = ['sph', 'cyl', 'axis', 'ap', 'pd'] as const;

/** The power of an item (account §2 display rules), one block for desktop and mobile layouts alike (CSS lays it out). */
export function PowerBlock({ item, shownOwners }: { item: Pick<CartItem, 'powerSubmission' | 'prescription'>; shownOwners: string[] }) {
  const m = useMessages(messages);
  if (item.powerSubmission === 'later-on-checkout-or-call') return <div className="cc-power cc-power--later">{m.powerLater}</div>;
  const p = item.prescription;
  if (!p) return null;
  const owner = powerOwnerLabel(p.userName, shownOwners, m.yourPower);
  return (
    <div className="cc-power" data-testid="power-block">
      {owner ? <div className="cc-power__owner">{owner}</div> : null}
      <PowerTable className="cc-power__table" eyes={p} labels={{ right: m.rightEye, left: m.leftEye }} fields={FIELDS} />
    </div>
  );
}
