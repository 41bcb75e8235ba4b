import { ROUTE_TABLE, legacyRedirect } from '@eyewear/federation';
import { defaultRouteModule } from './routes';

describe('defaultRouteModule', () => {
  it("is the shell's own route table and legacy redirects", () => {
    const routes = defaultRouteModule();
    expect(routes.ROUTE_TABLE).toBe(ROUTE_TABLE);
    for (const path of ['/eyetest', '/home-try-on-program-pune', '/home-try-on', '/eyeglasses.html']) {
      expect(routes.legacyRedirect(path, '?a=1')).toBe(legacyRedirect(path, '?a=1'));
    }
    expect(routes.legacyRedirect('/eyetest')).toBe('/HTO');
  });
});
