import type { EyePower, PowerOptions } from '@eyewear/api-client';
import { useMessages } from '@eyewear/i18n';
import { digitsOnly, needsAddition, POWER_LATER } from '@eyewear/i18n/rules';
import { lensMessages } from '../messages';
import { type Eye, type PowerErrorKey, type PowerErrors } from '../power-rules';

interface Props {
  options: PowerOptions;
  value: Record<Eye, EyePower>;
  onChange(eye: Eye, field: keyof EyePower, value: string | number): void;
  errors: PowerErrors;
  /** Contact lenses: boxes per eye and the 'power later' choice in the SPH list. */
  contact?: boolean;
  /** Same power both eyes: the left eye copies the right's powers (boxes stay per eye). */
  bothEyes?: boolean;
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: React.ReactNode }) {
  return (
    <div className="pdp-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <span id={`${id}-error`} className="pdp-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** Sph, cyl, axis, add and pd for each eye (or boxes for contact lenses), with their errors. */
export function PowerForm({ options, value, onChange, errors, contact = false, bothEyes = false }: Props) {
  const lens = useMessages(lensMessages);
  const text = (key: PowerErrorKey | undefined) => (key ? lens[key] : undefined);
  const withAdd = needsAddition(options.powerType);
  return (
    <div className="pdp-powers">
      {(['right', 'left'] as const).map((eye) => {
        const p = value[eye];
        const e = errors[eye] ?? {};
        const copy = bothEyes && eye === 'left';
        const id = (field: string) => `pdp-${eye}-${field}`;
        const select = (field: 'sph' | 'cyl' | 'ap', list: string[] | undefined, label: string, required: boolean) =>
          list && list.length > 0 ? (
            <Field id={id(field)} label={label} error={text(e[field])}>
              <select
                id={id(field)}
                value={String(p[field] ?? '')}
                disabled={copy}
                aria-invalid={e[field] ? true : undefined}
                aria-describedby={e[field] ? `${id(field)}-error` : undefined}
                onChange={(ev) => onChange(eye, field, ev.target.value)}
              >
                <option value="">{required ? lens.select : lens.none}</option>
                {contact && field === 'sph' ? <option value={POWER_LATER}>{lens.powerLater}</option> : null}
                {list.map((v) => (
                  <option key={v} value={v}>
                    {v}
                  </option>
                ))}
              </select>
            </Field>
          ) : null;
        return (
          <fieldset key={eye} className="pdp-eye">
            <legend>{eye === 'right' ? lens.rightEye : lens.leftEye}</legend>
            {select('sph', options.sph, lens.sph, true)}
            {select('cyl', options.cyl, lens.cyl, false)}
            {options.axis ? (
              <Field id={id('axis')} label={lens.axis} error={text(e.axis)}>
                <input
                  id={id('axis')}
                  inputMode="numeric"
                  maxLength={3}
                  disabled={copy}
                  value={p.axis ?? ''}
                  aria-invalid={e.axis ? true : undefined}
                  onChange={(ev) => onChange(eye, 'axis', digitsOnly(ev.target.value))}
                />
              </Field>
            ) : null}
            {withAdd ? select('ap', options.ap, lens.ap, true) : null}
            {!contact ? (
              <Field id={id('pd')} label={lens.pd} error={text(e.pd)}>
                <input
                  id={id('pd')}
                  inputMode="decimal"
                  maxLength={4}
                  value={p.pd ?? ''}
                  aria-invalid={e.pd ? true : undefined}
                  onChange={(ev) => onChange(eye, 'pd', ev.target.value.replace(/[^\d.]/g, ''))}
                />
              </Field>
            ) : null}
            {contact && options.boxes ? (
              <Field id={id('boxes')} label={lens.boxes} error={text(e.boxes)}>
                <select id={id('boxes')} value={p.boxes ?? 0} onChange={(ev) => onChange(eye, 'boxes', Number(ev.target.value))}>
                  <option value={0}>0</option>
                  {options.boxes.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </Field>
            ) : null}
          </fieldset>
        );
      })}
    </div>
  );
}
