import { type Page, type Route } from '@playwright/test';
import { type Remote } from './site';

export type Fault = '503' | 'refused' | 'stalled' | 'throws';

const CONTAINER: Record<Remote, string> = {
  catalog: 'catalog',
  product: 'product',
  'cart-checkout': 'cart_checkout',
  account: 'account',
  appointments: 'appointments',
};

/**
 * Script prepended to a build's chunks so that every module whose default export is a
 * function (the exposed pages) renders by throwing. It wraps the push of that build's own
 * chunk-loading global (`self.webpackChunk<container>_<buildId>`, docs/adr/023), so the
 * build's real code loads and runs, only rendering fails, and no other build is touched.
 */
export function renderFailureWrapper(chunkGlobal: string, label: string): string {
  return `(function(){var k=${JSON.stringify(chunkGlobal)};var g=self[k]=self[k]||[];if(g.__injected)return;g.__injected=true;var push=g.push;g.push=function(chunk){var modules=chunk[1];Object.keys(modules).forEach(function(id){var factory=modules[id];modules[id]=function(m,e,r){factory(m,e,r);var x=m.exports;if(x&&typeof x.default==="function"){m.exports={__esModule:true,default:function InjectedFailure(){throw new Error(${JSON.stringify(`injected render failure in ${label}`)})}}}}});return push.apply(g,arguments)}})();\n`;
}

/** The chunk-loading global a chunk pushes to, read from the chunk itself. */
export function chunkGlobalOf(body: string): string | null {
  return /self\.(webpackChunk[A-Za-z0-9_$]+)/.exec(body)?.[1] ?? /\["(webpackChunk[A-Za-z0-9_$]+)"\]/.exec(body)?.[1] ?? null;
}

/** Makes one remote's files fail in the given way, for every request of that page. */
export async function injectFault(page: Page, remote: Remote, fault: Fault): Promise<() => Promise<void>> {
  const pattern = `**/remotes/${remote}/**`;
  const stalled: Route[] = [];
  const handler = async (route: Route) => {
    switch (fault) {
      case '503':
        return route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' });
      case 'refused':
        return route.abort('connectionrefused');
      case 'stalled':
        stalled.push(route); // never answered
        return;
      case 'throws': {
        const url = new URL(route.request().url());
        if (!url.pathname.endsWith('.js') || /remoteEntry/.test(url.pathname)) return route.continue();
        const response = await route.fetch();
        const text = await response.text();
        const chunkGlobal = chunkGlobalOf(text);
        const body = chunkGlobal ? renderFailureWrapper(chunkGlobal, CONTAINER[remote]) + text : text;
        return route.fulfill({ status: response.status(), contentType: 'text/javascript; charset=utf-8', body });
      }
    }
  };
  await page.route(pattern, handler);
  return async () => {
    await page.unroute(pattern, handler);
  };
}
