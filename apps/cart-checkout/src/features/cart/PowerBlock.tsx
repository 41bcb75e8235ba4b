import type { CartItem } from '@eyewear/api-client';
import type { CartMessages } from '../../app/messages';
import { powerOwnerLabel, powerValue } from '../../shared/rules';

const FIELDS = ['sph', 'cyl', 'axis', 'ap', 'pd'] as const;

/** The power of an item (account §2 display rules), one block for desktop and mobile layouts alike (CSS lays it out). */
export function PowerBlock({ item, m, shownOwners }: { item: CartItem; m: CartMessages; shownOwners: string[] }) {
  if (item.powerSubmission === 'later-on-checkout-or-call') return <div className="cc-power cc-power--later">{m.powerLater}</div>;
  const p = item.prescription;
  if (!p) return null;
  const owner = powerOwnerLabel(p.userName, shownOwners, m.yourPower);
  const fields = FIELDS.filter((f) => p.left[f] !== undefined || p.right[f] !== undefined);
  return (
    <div className="cc-power" data-testid="power-block">
      {owner ? <div className="cc-power__owner">{owner}</div> : null}
      <table className="cc-power__table">
        <thead>
          <tr>
            <th scope="col" />
            {fields.map((f) => (
              <th scope="col" key={f}>
                {f.toUpperCase()}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(['right', 'left'] as const).map((eye) => (
            <tr key={eye}>
              <th scope="row">{eye === 'right' ? m.rightEye : m.leftEye}</th>
              {fields.map((f) => (
                <td key={f}>{powerValue(p[eye][f] === undefined ? undefined : String(p[eye][f]))}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
