// Imported first by the edge: React's production build on the server unless development is
// asked for (NODE_ENV=development). React picks its build when it is first loaded (react-router,
// imported by seo.mjs, loads it), and its development build is several times slower and writes
// an area's error message and stack into the page for the browser's console (issue 19: a server
// error never reaches a shopper). A container sets NODE_ENV=production anyway (deploy/README.md).
process.env.NODE_ENV ??= 'production';
