// The API's render version as the edge keeps it (docs/adr/029): it changes with every write to
// what rendered pages show, so HTML kept under it is never older than the data.

/**
 * One question shared by the requests that come while it is asked, its answer reused for
 * `ttlMs`, forgotten on `forget()` (a write passed on); no answer (null) is kept.
 */
export function createVersionCache({ ask, ttlMs, now = Date.now }: { ask: () => Promise<string | null>; ttlMs: number; now?: () => number }) {
  let known: { at: number; value: Promise<string | null> } | null = null;
  return {
    get(): Promise<string | null> {
      const at = now();
      if (known && at - known.at < ttlMs) return known.value;
      const asked = { at, value: ask() };
      known = asked;
      void asked.value.then((version) => {
        if (version === null && known === asked) known = null;
      });
      return asked.value;
    },
    forget() {
      known = null;
    },
  };
}

/** Asks the API (`apiUrl`: its origin and base path) for its render version; null when it does not say. */
export async function askRenderVersion(apiUrl: string): Promise<string | null> {
  try {
    const answer = await fetch(`${apiUrl}/v2/content/render-version`, { signal: AbortSignal.timeout(500) });
    if (!answer.ok) return null;
    const body = (await answer.json()) as { result?: { version?: unknown } } | null;
    const version = body?.result?.version;
    return typeof version === 'string' ? version : null;
  } catch {
    return null;
  }
}
