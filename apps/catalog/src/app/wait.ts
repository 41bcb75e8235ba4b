/** A pause a saga takes with `call(wait, ms)`, so tests can provide it instead of sleeping. */
export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
