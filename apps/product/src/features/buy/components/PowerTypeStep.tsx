import type { FormEvent } from 'react';
import { useMessages } from '@eyewear/i18n';
import { lensMessages } from '../messages';
import { AddExtras, StepSubmit } from './LensFlowParts';
import type { StepProps } from './use-lens-flow';

/** Step 1: the power type; the frame alone is added from here. */
export function PowerTypeStep({ product, flow, dispatch, addLenses }: StepProps) {
  const lens = useMessages(lensMessages);
  const frameOnly = flow.powerType === 'FRAME_ONLY';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (frameOnly) addLenses({});
    else dispatch({ type: 'step', step: 'package' });
  };
  return (
    <form onSubmit={submit} className="pdp-form">
      <fieldset>
        <legend>{lens.powerTypeLegend}</legend>
        {flow.types.map((type) => (
          <label key={type} className="pdp-option">
            <input
              type="radio"
              name="powerType"
              value={type}
              checked={flow.powerType === type}
              onChange={() => dispatch({ type: 'powerType', powerType: type })}
            />
            <span>
              <strong>{lens[type]}</strong> <span className="pdp-muted">{lens[`${type}_hint`]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <AddExtras product={product} flow={flow} dispatch={dispatch} gold={frameOnly} />
      <StepSubmit adds={frameOnly} />
    </form>
  );
}
