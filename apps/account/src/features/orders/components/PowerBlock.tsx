import { type Prescription } from '@eyewear/api-client';
import { powerOwnerLabel, useMessages } from '@eyewear/i18n';
import { PowerTable } from '@eyewear/ui';
import { sectionMessages } from '../../../app/section-messages';

/** An order item's power (account §2 power display block; the rules live in @eyewear/i18n, the table in @eyewear/ui). */
export function PowerBlock({ prescription, shownBefore = [] }: { prescription: Prescription; shownBefore?: string[] }) {
  const m = useMessages(sectionMessages);
  const name = powerOwnerLabel(prescription.userName, shownBefore, m.yourPower);
  return (
    <details className="acc-power">
      <summary>
        {m.power}
        {name ? `: ${name}` : ''}
      </summary>
      <PowerTable eyes={prescription} labels={{ right: m.rightEye, left: m.leftEye, corner: m.power }} />
    </details>
  );
}
