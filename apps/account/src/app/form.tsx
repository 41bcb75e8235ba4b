import { useId, useState, type ReactNode } from 'react';
import { fieldOf, messageOf } from '@eyewear/api-client';

export interface FieldProps {
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
}

/** A labelled input with its error tied to it (aria-describedby). */
export function Field(props: FieldProps) {
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

/** A password input: the account's current one, or a new one (`isNew`, for the browser's password manager). */
export function PasswordField({ isNew = false, ...props }: Omit<FieldProps, 'type' | 'autoComplete' | 'inputMode'> & { isNew?: boolean }) {
  return <Field {...props} type="password" autoComplete={isNew ? 'new-password' : 'current-password'} />;
}

/** Why a form was not sent or failed: a check's or the server's message, for one field or for the whole form. */
export interface Failure {
  field?: string;
  message: string;
  /** The field the server's message was about, in words (`Account number`), for where it shows on its own. */
  subject?: string;
}

/** The message of a failure that names `field`: at that field, whose label says which. */
export const fieldError = (failure: Failure | null, field: string) => (failure?.field === field ? failure.message : undefined);

/** A failure as one sentence for the whole form or a toast: `Account number: ...` when it was about a field. */
export const failureText = (failure: Failure) => (failure.subject ? `${failure.subject}: ${failure.message}` : failure.message);

/** The message of a failure that names none of the form's `fields`: shown for the whole form. */
export const formError = (failure: Failure | null, fields: readonly string[]) =>
  failure && !fields.includes(failure.field ?? '') ? failureText(failure) : null;

/** A contract field's name as words: `accountNumber` -> `Account number`, `right.sph` -> `Right sph`, `items.0.reasonId` -> `Items reason id`. */
export function fieldWords(name: string): string {
  const words = name
    .split('.')
    .filter((part) => !/^\d+$/.test(part))
    .join(' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A server message that starts with the raw name of the field it refused (`accountNumber: ...`, the API's validation). */
const RAW_FIELD_NAME = /^([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)*): /;

/**
 * The failure of a call: the field it named, if any, and the server's message (else `fallback`)
 * without the raw field name it may start with (issue 42: "accountNumber: ..." reached the
 * shopper); that name, in words, is kept as the subject for a sentence on its own.
 */
export function failureFrom(error: unknown, fallback: string): Failure {
  const field = fieldOf(error);
  const message = messageOf(error, fallback);
  const named = RAW_FIELD_NAME.exec(message);
  return named ? { field, message: message.slice(named[0].length), subject: fieldWords(named[1]!) } : { field, message };
}

/** A call's failure as one readable sentence (a whole form's alert, a toast). */
export const readableMessageOf = (error: unknown, fallback: string) => failureText(failureFrom(error, fallback));

/** A form's field values, with a setter per field: `onChange={set('email')}`. */
export function useFormValues<V extends Record<string, string>>(initial: V) {
  const [values, setValues] = useState(initial);
  const set = (key: keyof V) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  return { values, set, setValues };
}

/**
 * A form whose one failure names a field or none: `<Field label={...} {...field('email')} />`
 * gets the name, value, change and the failure's message for that field; `failed` is the
 * message for the whole form (a failure naming none of the fields).
 */
export function useForm<V extends Record<string, string>>(initial: V) {
  const { values, set, setValues } = useFormValues(initial);
  const [failure, setFailure] = useState<Failure | null>(null);
  const field = (key: keyof V & string) => ({ name: key, value: values[key]!, onChange: set(key), error: fieldError(failure, key) });
  return { values, setValues, field, failure, setFailure, failed: formError(failure, Object.keys(initial)) };
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
