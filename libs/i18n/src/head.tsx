import { createContext, useContext, type ReactNode } from 'react';

/**
 * What a server render says about the document's <head> (issue 19): the title, description,
 * canonical and alternate links and JSON-LD a page gives while it renders on the server. In
 * the browser nothing provides it (`useServerHead()` is null) and pages keep setting the
 * document's head after they render, as before. It lives here, in the shared instance every
 * app and the UI library read, beside the page's country.
 */
export interface ServerHead {
  title?: string;
  description?: string;
  canonical?: string;
  alternates: { hrefLang: string; href: string }[];
  /** JSON-LD objects, in the order the page gave them. */
  jsonLd: unknown[];
  /** The page's own answer status (a missing product is 404), if it knows better than the route. */
  status?: number;
}

const ServerHeadContext = createContext<ServerHead | null>(null);

export function ServerHeadProvider({ head, children }: { head: ServerHead; children: ReactNode }) {
  return <ServerHeadContext.Provider value={head}>{children}</ServerHeadContext.Provider>;
}

/** The server render's head, or null in the browser. */
export function useServerHead(): ServerHead | null {
  return useContext(ServerHeadContext);
}
