/** An id from a URL: a whole number above 0, else the page shows that the part does not exist. */
export const isValidId = (id: number) => Number.isInteger(id) && id > 0;
