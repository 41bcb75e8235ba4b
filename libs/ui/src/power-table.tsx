import './ui.css';
import { displayPowerValue, POWER_FIELDS, type PowerField } from '@eyewear/i18n';

export interface PowerTableProps {
  /** Right and left eye, keyed by power parameter (sph, cyl, axis, ap, pd, boxes). */
  eyes: { right: Partial<Record<PowerField, unknown>>; left: Partial<Record<PowerField, unknown>> };
  labels: { right: string; left: string; /** Read by screen readers in the empty corner cell. */ corner?: string };
  /** The parameters that may be shown, in order; only those either eye has are. */
  fields?: readonly PowerField[];
  className?: string;
}

/**
 * The power table of an item (spec/account.md §2 power display block, used by the order
 * detail and the cart): a column per parameter either eye has, a row per eye, placeholders
 * and empty values as a hyphen.
 */
export function PowerTable({ eyes, labels, fields = POWER_FIELDS, className }: PowerTableProps) {
  const shown = fields.filter((f) => eyes.right[f] !== undefined || eyes.left[f] !== undefined);
  return (
    <table className={className}>
      <thead>
        <tr>
          <th scope="col">{labels.corner ? <span className="ui-visually-hidden">{labels.corner}</span> : null}</th>
          {shown.map((f) => (
            <th key={f} scope="col">
              {f.toUpperCase()}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {(['right', 'left'] as const).map((eye) => (
          <tr key={eye}>
            <th scope="row">{labels[eye]}</th>
            {shown.map((f) => (
              <td key={f}>{displayPowerValue(eyes[eye][f] as string | number | undefined)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
