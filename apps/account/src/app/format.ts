/** A date as the account pages show it: `1 Jun 2026`. */
export const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** An id from a URL: a whole number above 0, else the page shows that the part does not exist. */
export const isValidId = (id: number) => Number.isInteger(id) && id > 0;
