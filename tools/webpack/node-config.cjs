// The webpack configuration of a Node service (apps/api): TypeScript and the workspace libs
// bundled with swc into one CommonJS file; npm packages stay external and load from
// node_modules at run time (PGlite finds its WebAssembly there).
const path = require('node:path');
const fs = require('node:fs');

const workspaceRoot = path.resolve(__dirname, '../..');

/**
 * @param {{ name: string, dir: string, entry?: Record<string, string> }} options  entry: the bundles
 *   (default `{ main: './src/main.ts' }`)
 */
function createNodeConfig({ name, dir, entry = { main: './src/main.ts' } }) {
  const appPackage = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return (_env = {}, argv = {}) => {
    const production = (argv.mode || 'production') === 'production';
    return {
      name,
      mode: production ? 'production' : 'development',
      target: 'node20',
      context: dir,
      entry,
      devtool: 'source-map',
      output: {
        path: path.join(workspaceRoot, 'dist/apps', name),
        filename: '[name].js',
        clean: true,
        library: { type: 'commonjs2' },
      },
      resolve: { extensions: ['.ts', '.tsx', '.mjs', '.js'] },
      externalsPresets: { node: true },
      externals: [
        ({ request }, callback) => {
          // Workspace libs are bundled (they ship as TypeScript); everything else is external.
          if (!request || request.startsWith('.') || path.isAbsolute(request) || request.startsWith('@eyewear/')) return callback();
          return callback(null, `commonjs ${request}`);
        },
      ],
      module: {
        rules: [
          {
            test: /\.[cm]?ts$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } },
            },
          },
          {
            // JSX only in .tsx (the API's e-mail templates, react-email): the automatic runtime,
            // so react/jsx-runtime stays an external package like react itself.
            test: /\.tsx$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
                module: { type: 'es6' },
              },
            },
          },
        ],
      },
      optimization: { minimize: false },
      plugins: [new (require('webpack').DefinePlugin)({ 'process.env.API_VERSION': JSON.stringify(appPackage.version) })],
      performance: { hints: false },
      stats: 'errors-warnings',
    };
  };
}

module.exports = { createNodeConfig };
