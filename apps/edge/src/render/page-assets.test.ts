// A page's files from its remote's browser mf-manifest.json (pageAssets).
import { pageAssets, type BrowserManifest } from './page-assets';

describe("a page's files", () => {
  test("come from its remote's browser manifest, in order: entry, then the page's chunks", () => {
    const manifest: BrowserManifest = {
      metaData: { remoteEntry: { name: 'remoteEntry.abc.js', path: '' } },
      exposes: [
        { path: './HomePage', assets: { js: { sync: ['1.js', 'home.js'] }, css: { sync: ['home.css'], async: ['lazy.css', 'home.css'] } } },
        { path: './ListingPage', assets: { js: { sync: ['listing.js'] }, css: { sync: [] } } },
      ],
    };
    expect(pageAssets('/remotes/catalog/1.0.0/mf-manifest.json', manifest, './HomePage')).toEqual({
      js: ['/remotes/catalog/1.0.0/remoteEntry.abc.js', '/remotes/catalog/1.0.0/1.js', '/remotes/catalog/1.0.0/home.js'],
      css: ['/remotes/catalog/1.0.0/home.css', '/remotes/catalog/1.0.0/lazy.css'],
    });
    expect(pageAssets('/remotes/catalog/1.0.0/mf-manifest.json', manifest, './Nope')).toEqual({ js: ['/remotes/catalog/1.0.0/remoteEntry.abc.js'], css: [] });
  });
});
