// The webpack configuration of every app, host or remote. Each app's webpack.config.js
// calls createAppConfig with its name, what it exposes and its development port; nothing
// else differs between apps, so six teams build the same way.
const path = require('node:path');
const fs = require('node:fs');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { sharedModules } = require('./shared.cjs');

const workspaceRoot = path.resolve(__dirname, '../..');

/** Writes build.json: which app, which version, so a deploy knows what it is copying. */
class BuildInfoPlugin {
  constructor(info) {
    this.info = info;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('BuildInfoPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'BuildInfoPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const json = JSON.stringify(this.info, null, 2);
          compilation.emitAsset('build.json', new compiler.webpack.sources.RawSource(json));
        },
      );
    });
  }
}

/**
 * @param {object} options
 * @param {string} options.name        app folder name (shell, catalog, cart-checkout, ...)
 * @param {string} options.container   Module Federation container name
 * @param {string} options.dir         the app's directory (__dirname of its webpack.config.js)
 * @param {boolean} [options.host]     true for the shell
 * @param {Record<string,string>} [options.exposes]
 * @param {number} options.devPort
 */
function createAppConfig(options) {
  const { name, container, dir, host = false, exposes = {}, devPort } = options;
  const appPackage = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const version = process.env.RELEASE_VERSION || appPackage.version;

  return (_env = {}, argv = {}) => {
    const production = (argv.mode || process.env.NODE_ENV || 'production') === 'production';
    const standaloneHtml = host || !production;

    return {
      name,
      mode: production ? 'production' : 'development',
      context: dir,
      // A remote's production build is its container alone; `main` only opens it in development.
      entry: production && !host ? {} : { main: './src/main.ts' },
      // No eval in development either: remotes in development run inside the edge server's
      // Content-Security-Policy, which allows no eval.
      devtool: production ? 'source-map' : 'cheap-module-source-map',
      output: {
        path: path.join(workspaceRoot, 'dist/apps', name),
        // Deep links break with 'auto' on the host (TOOLCHAIN.md trap 9); remotes find their
        // own folder from the manifest URL.
        publicPath: host ? '/' : 'auto',
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        assetModuleFilename: production ? 'assets/[name].[contenthash:8][ext]' : 'assets/[name][ext]',
        uniqueName: container,
        clean: true,
        crossOriginLoading: 'anonymous',
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.jsx'],
      },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  // Never jsxDEV: a remote in development runs against the production React the
                  // shell shares, which has no development JSX runtime.
                  transform: { react: { runtime: 'automatic', development: false } },
                  target: 'es2020',
                },
              },
            },
          },
          {
            test: /\.css$/,
            use: [MiniCssExtractPlugin.loader, { loader: 'css-loader', options: { importLoaders: 0 } }],
          },
          { test: /\.(svg|png|webp|woff2?)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: container,
          filename: host ? undefined : production ? 'remoteEntry.[contenthash:8].js' : 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: sharedModules(),
          shareStrategy: 'loaded-first',
          manifest: { fileName: 'mf-manifest.json' },
          dts: false,
        }),
        new MiniCssExtractPlugin({
          filename: production ? '[name].[contenthash:8].css' : '[name].css',
          chunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        }),
        ...(standaloneHtml
          ? [
              new HtmlWebpackPlugin({
                template: path.join(dir, 'src/index.html'),
                inject: 'body',
                scriptLoading: 'defer',
                minify: production,
              }),
            ]
          : []),
        new BuildInfoPlugin({ name, container, version, mode: production ? 'production' : 'development' }),
      ],
      optimization: {
        minimize: production,
        minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, parallel: 2, extractComments: false })],
        moduleIds: 'deterministic',
        chunkIds: 'deterministic',
      },
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        port: devPort,
        host: '127.0.0.1',
        hot: false,
        liveReload: true,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { warnings: false, errors: true } },
        static: false,
        // The shell in development gets remotes, remotes.json and the API from the edge server.
        proxy: host ? [{ context: ['/remotes', '/api'], target: process.env.DEV_EDGE || 'http://127.0.0.1:4300' }] : [],
      },
    };
  };
}

module.exports = { createAppConfig, workspaceRoot };
