// Request paths mapped onto the deploy root without ever leaving it.
import { join, normalize, sep } from 'node:path';

/** A path inside `base`, or null when the request tries to leave it. */
export function safeJoin(base: string, requestPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const target = normalize(join(base, decoded));
  return target === base || target.startsWith(base.endsWith(sep) ? base : base + sep) ? target : null;
}
