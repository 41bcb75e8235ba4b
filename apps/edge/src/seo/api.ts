// What the SEO answers read from the API: its URLs, and its JSON narrowed from `unknown`.

/** `{apiUrl}` + path, keeping the API's base path (an API behind a prefix). */
export function apiUrlOf(apiBase: URL, path: string): URL {
  return new URL(`${apiBase.pathname.replace(/\/$/, '')}${path}`, apiBase.origin);
}

/** A JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `result` of an API answer's JSON body (`{ result: ... }`), or undefined. */
export function resultOf(body: unknown): unknown {
  return isRecord(body) ? body.result : undefined;
}
