/** A message the shopper must notice (a failed call, a refused step); nothing without one. */
export function ErrorText({ message }: { message: string | null | undefined }) {
  return message ? (
    <p role="alert" className="appt-error">
      {message}
    </p>
  ) : null;
}
