// The server build's CSS: nothing. The edge links the browser build's CSS files of the page
// (from its mf-manifest.json); a server render only needs the import to resolve.
module.exports = function nullCssLoader() {
  return 'export {};';
};
