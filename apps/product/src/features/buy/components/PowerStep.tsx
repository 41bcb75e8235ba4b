import { type FormEvent } from 'react';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { SkeletonGrid } from '@eyewear/ui';
import { pageMessages } from '../../../app/page-messages';
import { lensMessages } from '../messages';
import { usePowerOptions } from '../api';
import { checkPowers, cleanEye, hasErrors } from '../power-rules';
import { AddExtras, StepSubmit } from './LensFlowParts';
import { PowerForm } from './PowerForm';
import { PrescriptionUpload } from './PrescriptionUpload';
import { packageChoice, type PowerMode, type StepProps } from './use-lens-flow';

const MODES: PowerMode[] = ['now', 'later', 'upload'];

/** Step 3: the power, entered now, sent later (call me / email me), or as a prescription image. */
export function PowerStep({ product, flow, dispatch, addLenses, total }: StepProps) {
  const m = useMessages(pageMessages);
  const lens = useMessages(lensMessages);
  const { powerType, mode, powers, upload } = flow;
  const withPowers = powerType !== 'FRAME_ONLY' && powerType !== 'ZERO_POWER';
  const { options } = usePowerOptions(product.id, powerType === 'FRAME_ONLY' ? null : powerType, withPowers);
  const modeLabel = { now: lens.powerNow, later: lens.powerLater, upload: lens.powerUpload };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!flow.packageId || powerType === 'FRAME_ONLY') return;
    const lenses = packageChoice(flow, flow.packageId, powerType);
    if (mode === 'later') return addLenses({ ...lenses, powerLater: true });
    if (mode === 'upload') {
      if (!upload.fileName) return;
      return addLenses({ ...lenses, prescription: { powerType, left: {}, right: {}, imageFileName: upload.fileName } });
    }
    const found = checkPowers(powerType, powers);
    dispatch({ type: 'errors', errors: found });
    if (hasErrors(found)) return;
    addLenses({ ...lenses, prescription: { powerType, right: cleanEye(powers.right), left: cleanEye(powers.left) } });
  };

  return (
    <form onSubmit={submit} className="pdp-form" noValidate>
      <fieldset>
        <legend>{lens.powerLegend}</legend>
        {MODES.map((value) => (
          <label key={value} className="pdp-option">
            <input type="radio" name="powerMode" value={value} checked={mode === value} onChange={() => dispatch({ type: 'mode', mode: value })} />{' '}
            {modeLabel[value]}
          </label>
        ))}
      </fieldset>
      {mode === 'now' ? (
        options ? (
          <PowerForm options={options} value={powers} errors={flow.errors} onChange={(eye, field, value) => dispatch({ type: 'power', eye, field, value })} />
        ) : (
          <SkeletonGrid rows={1} label={m.siteName} />
        )
      ) : null}
      {mode === 'later' ? <p className="pdp-muted">{lens.powerLaterHint}</p> : null}
      {mode === 'upload' ? <PrescriptionUpload upload={upload} onChange={(next) => dispatch({ type: 'upload', upload: next })} /> : null}
      <p className="pdp-total">{formatMessage(lens.total, { price: total })}</p>
      <AddExtras product={product} flow={flow} dispatch={dispatch} gold />
      <div className="pdp-actions">
        <button type="button" className="ui-button ui-button--link" onClick={() => dispatch({ type: 'step', step: 'package' })}>
          {lens.back}
        </button>
        <StepSubmit adds disabled={mode === 'upload' && upload.status !== 'ready'} />
      </div>
    </form>
  );
}
