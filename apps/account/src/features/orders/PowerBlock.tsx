import { type Prescription } from '@eyewear/api-client';
import { useMessages } from '@eyewear/i18n';
import { displayPowerValue, displayUserName, POWER_FIELDS } from '../../shared/power-display';
import { sectionMessages } from '../account/messages';

/** An order item's power (spec §2 power display block): placeholders show as a hyphen. */
export function PowerBlock({ prescription, knownNames = [] }: { prescription: Prescription; knownNames?: string[] }) {
  const m = useMessages(sectionMessages);
  const name = displayUserName(prescription.userName, knownNames, m.yourPower);
  const fields = POWER_FIELDS.filter((f) => prescription.right[f] !== undefined || prescription.left[f] !== undefined);
  return (
    <details className="acc-power">
      <summary>
        {m.power}
        {name ? `: ${name}` : ''}
      </summary>
      <table>
        <thead>
          <tr>
            <th scope="col">
              <span className="acc-visually-hidden">{m.power}</span>
            </th>
            {fields.map((f) => (
              <th key={f} scope="col">
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
                <td key={f}>{displayPowerValue(prescription[eye][f] as string | number | undefined)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
