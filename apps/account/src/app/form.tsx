import { useId, type ReactNode } from 'react';

/** A labelled input with its error tied to it (aria-describedby). */
export function Field(props: {
  label: string;
  error?: string;
  type?: string;
  value: string;
  onChange(v: string): void;
  autoComplete?: string;
  inputMode?: 'numeric' | 'email' | 'tel';
  autoFocus?: boolean;
  prefix?: ReactNode;
  name: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="acc-field">
      <label htmlFor={id}>{props.label}</label>
      <span className="acc-field__row">
        {props.prefix}
        <input
          id={id}
          name={props.name}
          type={props.type ?? 'text'}
          value={props.value}
          autoComplete={props.autoComplete}
          inputMode={props.inputMode}
          autoFocus={props.autoFocus}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
          onChange={(event) => props.onChange(event.target.value)}
        />
      </span>
      {props.error ? (
        <span id={errorId} className="acc-field__error">
          {props.error}
        </span>
      ) : null}
    </div>
  );
}

export function FormError({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="acc-error">
      {message}
    </p>
  ) : null;
}

/** A labelled select. */
export function SelectField(props: { label: string; value: string; onChange(v: string): void; options: { value: string; label: string }[]; name: string }) {
  const id = useId();
  return (
    <div className="acc-field">
      <label htmlFor={id}>{props.label}</label>
      <select id={id} name={props.name} value={props.value} onChange={(event) => props.onChange(event.target.value)}>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A failed load: the message and a retry. */
export function LoadFailed({ message, retry, onRetry }: { message: string; retry: string; onRetry(): void }) {
  return (
    <div role="alert" className="acc-error">
      <p>{message}</p>
      <button type="button" className="ui-button" onClick={onRetry}>
        {retry}
      </button>
    </div>
  );
}
