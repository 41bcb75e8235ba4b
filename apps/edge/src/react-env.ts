// Imported first by the edge's entries: React's production build on the server unless
// development is asked for (NODE_ENV=development). React picks its build when it is first
// loaded, and its development build is several times slower and writes an area's error message
// and stack into the page (issue 19: a server error never reaches a shopper). The name is
// computed: the bundler replaces every `process.env.NODE_ENV` it can see with the build's mode.
const NAME = ['NODE', 'ENV'].join('_');
process.env[NAME] ??= 'production';
export {};
