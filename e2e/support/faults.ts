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
 * Script prepended to a remote's chunks so that every module whose default export is a
 * function (the exposed pages) renders by throwing. It wraps the chunk-loading global's
 * push, so the remote's real code loads and runs, and only rendering fails.
 */
function renderFailureWrapper(container: string): string {
  return `(function(){var k="webpackChunk${container}";var g=self[k]=self[k]||[];var push=g.push;g.push=function(chunk){var modules=chunk[1];Object.keys(modules).forEach(function(id){var factory=modules[id];modules[id]=function(m,e,r){factory(m,e,r);var x=m.exports;if(x&&typeof x.default==="function"){m.exports={__esModule:true,default:function InjectedFailure(){throw new Error("injected render failure in ${container}")}}}}});return push.apply(g,arguments)}})();\n`;
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
        const body = renderFailureWrapper(CONTAINER[remote]) + (await response.text());
        return route.fulfill({ status: response.status(), contentType: 'text/javascript; charset=utf-8', body });
      }
    }
  };
  await page.route(pattern, handler);
  return async () => {
    await page.unroute(pattern, handler);
  };
}
