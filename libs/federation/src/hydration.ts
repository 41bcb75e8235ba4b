// A server-rendered page before its scripts have hydrated it (issue 39): the edge's document marks
// its root, the shell unmarks it once every control the server sent is React's.

/** On the root (`#root`) of a server-rendered page until every control the server sent is React's. */
export const HYDRATING_ATTRIBUTE = 'data-hydrating';
