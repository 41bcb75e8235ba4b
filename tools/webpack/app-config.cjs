// The webpack configuration of every app, host or remote. Each app's webpack.config.js
// calls createAppConfig with its name, what it exposes and its development port; nothing
// else differs between apps, so six teams build the same way.
const path = require('node:path');
const fs = require('node:fs');
const crypto = require('node:crypto');
const { spawnSync } = require('node:child_process');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { sharedModules } = require('./shared.cjs');
const { StartInOwnTaskPlugin } = require('./start-in-own-task.cjs');

const workspaceRoot = path.resolve(__dirname, '../..');

/** Writes build.json: which app, which version, so a deploy knows what it is copying. */
class BuildInfoPlugin {
  constructor(info) {
    this.info = info;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('BuildInfoPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'BuildInfoPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        // The build's stylesheets (the shell's: the edge inlines them into a server-rendered page,
        // so it is styled before any script runs, issue 19).
        const styles = compilation
          .getAssets()
          .map((asset) => asset.name)
          .filter((file) => file.endsWith('.css'))
          .sort();
        // The entry point's scripts (the shell's: the edge's document of a server-rendered page
        // starts them, issue 39), in the order they run.
        const entry = (compilation.entrypoints.get('main')?.getFiles() ?? []).filter((file) => file.endsWith('.js'));
        const json = JSON.stringify({ ...this.info, ...(styles.length > 0 ? { styles } : {}), ...(entry.length > 0 ? { entry } : {}) }, null, 2);
        compilation.emitAsset('build.json', new compiler.webpack.sources.RawSource(json));
      });
    });
  }
}

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'testing', '__snapshots__']);
const isTestFile = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

/** Adds a folder's source files (names relative to `base`, and contents) to a hash, in a fixed order. */
function hashTree(hash, dir, base) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) hashTree(hash, full, base);
    } else if (entry.isFile() && !isTestFile(entry.name)) {
      hash.update(path.relative(base, full).split(path.sep).join('/'));
      hash.update('\0');
      hash.update(fs.readFileSync(full));
      hash.update('\0');
    }
  }
}

/**
 * The build id: a digest of everything that goes into a build of the app (its version, the
 * release version, the mode, the app's own source and config, every lib's source, the webpack
 * tooling, the lockfile). The same sources give the same id; any change gives a new one, and
 * with it a new webpack namespace (docs/adr/023). Tests are left out: they are not in the build.
 */
function buildIdOf({ dir, version, mode }) {
  const hash = crypto.createHash('sha256');
  hash.update(`version=${version}\0release=${process.env.RELEASE_VERSION || ''}\0mode=${mode}\0`);
  for (const file of ['package.json', 'webpack.config.js']) {
    const full = path.join(dir, file);
    if (fs.existsSync(full)) {
      hash.update(`app:${file}\0`);
      hash.update(fs.readFileSync(full));
    }
  }
  hashTree(hash, path.join(dir, 'src'), dir);
  const libs = path.join(workspaceRoot, 'libs');
  for (const lib of fs.existsSync(libs) ? fs.readdirSync(libs).sort() : []) hashTree(hash, path.join(libs, lib, 'src'), workspaceRoot);
  hashTree(hash, path.join(workspaceRoot, 'tools/webpack'), workspaceRoot);
  const lock = path.join(workspaceRoot, 'package-lock.json');
  if (fs.existsSync(lock)) hash.update(fs.readFileSync(lock));
  return hash.digest('hex').slice(0, 12);
}

/** The commit the build was made from, and whether the checkout had changes; null without git. */
function commitOf() {
  const git = (args) => spawnSync('git', args, { cwd: workspaceRoot, encoding: 'utf8', timeout: 10_000 });
  const head = git(['rev-parse', 'HEAD']);
  if (head.status !== 0 || !/^[0-9a-f]{40}$/.test(head.stdout.trim())) return null;
  const status = git(['status', '--porcelain', '--untracked-files=no']);
  return { sha: head.stdout.trim(), dirty: status.status !== 0 || status.stdout.trim() !== '' };
}

/** The module the federation plugin's entry imports webpack's bundler runtime from. */
const BUNDLER_RUNTIME = /@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]bundler\.js$/;

/** The Module Federation version the builds are made with (the runtime the shell hands on). */
const FEDERATION_VERSION = JSON.parse(
  fs.readFileSync(path.join(require.resolve('@module-federation/runtime-core').replace(/[\\/]dist[\\/].*$/, ''), 'package.json'), 'utf8'),
).version;

/**
 * Whose federation runtime a browser build runs on (build.json `federationRuntime`, docs/adr/032):
 * the shell provides its own to the page; a remote's production build uses the shell's (the
 * release tools refuse it under a shell that does not provide one); a development build brings
 * its own.
 */
function federationRuntimeOf({ host, production }) {
  const use = host ? 'provides' : production ? 'shell' : 'own';
  // What the shell hands over: the runtime core (ADR 032) and webpack's bundler runtime (ADR
  // 036). A shell built before records no parts: the core alone.
  return { use, version: FEDERATION_VERSION, ...(use === 'own' ? {} : { parts: ['core', 'bundler'] }) };
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
    const mode = production ? 'production' : 'development';
    // Every build has its own webpack namespace: two builds of one remote in one page (a
    // failed canary, then stable) never share a chunk-loading global, script tags or a
    // remote entry global, so stable never adopts the canary's chunks (docs/adr/023). The
    // container keeps its name: the runtime and the share scope know the remote by it.
    const buildId = buildIdOf({ dir, version, mode });
    const namespace = `${container}_${buildId}`;
    // The runtime instance is the build's own too. A container's runtime reuses any instance
    // in the page whose id is its FEDERATION_BUILD_IDENTIFIER (`<container>:<MF_BUILD_VERSION,
    // else the package version>`): with the package version, a canary and stable of one
    // remote share one instance, and stable then runs with the canary's options (its shared
    // requirements, its init state). Under load that left stable's load unresolved after a
    // failed canary. With the build id, each build gets its own (docs/adr/023). The
    // manifest's buildVersion becomes the build id as well. One build per webpack process.
    process.env.MF_BUILD_VERSION = buildId;
    // BUILD_OUT_DIR builds into another folder (the e2e suite's rebuilt canaries), so the
    // app's dist/ is never overwritten.
    const outDir = process.env.BUILD_OUT_DIR ? path.resolve(process.env.BUILD_OUT_DIR) : path.join(workspaceRoot, 'dist/apps', name);

    const browser = {
      name,
      mode: production ? 'production' : 'development',
      context: dir,
      // A remote's production build is its container alone; `main` only opens it in development.
      entry: production && !host ? {} : { main: './src/main.ts' },
      // No eval in development either: remotes in development run inside the edge server's
      // Content-Security-Policy, which allows no eval.
      devtool: production ? 'source-map' : 'cheap-module-source-map',
      output: {
        path: outDir,
        // Deep links break with 'auto' on the host (TOOLCHAIN.md trap 9); remotes find their
        // own folder from the manifest URL.
        publicPath: host ? '/' : 'auto',
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        assetModuleFilename: production ? 'assets/[name].[contenthash:8][ext]' : 'assets/[name][ext]',
        uniqueName: namespace,
        chunkLoadingGlobal: `webpackChunk${namespace}`,
        // The server build lives in server/ beside the browser build (issue 19): cleaning keeps it.
        clean: { keep: /^server[\\/]/ },
        crossOriginLoading: 'anonymous',
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.jsx'],
        // React Router's package exports resolve its development build under every condition
        // (it differs only in ENABLE_DEV_WARNINGS); a production build takes the production
        // one, without the warnings' code (issue 19: first-load JS).
        ...(production ? { alias: { 'react-router$': path.join(workspaceRoot, 'node_modules/react-router/dist/production/index.mjs') } } : {}),
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
          // The remote entry's global is the build's own too (the manifest's metaData.globalName).
          ...(host ? {} : { library: { type: 'var', name: namespace } }),
          filename: host ? undefined : production ? 'remoteEntry.[contenthash:8].js' : 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: sharedModules({ eager: host }),
          shareStrategy: 'loaded-first',
          manifest: { fileName: 'mf-manifest.json' },
          dts: false,
          // One federation runtime in the page (docs/adr/032): the shell's, which it hands to
          // the remotes; a remote's production entry brings none of its own (28 KiB gzip each).
          // In development a remote keeps its own, so it also runs on its own page.
          ...(host
            ? { runtimePlugins: [require.resolve('./provide-federation-runtime.mjs')] }
            : production
              ? { experiments: { externalRuntime: true }, runtimePlugins: [require.resolve('./own-federation-instance.mjs')] }
              : {}),
        }),
        // ... and webpack's bundler runtime too (docs/adr/036): the entry's import of it becomes
        // the build's stand-in over the shell's copy (4-5 KiB gzip less per remote entry).
        ...(production && !host ? [new webpack.NormalModuleReplacementPlugin(BUNDLER_RUNTIME, require.resolve('./shell-bundler-runtime.mjs'))] : []),
        // The shell's entry defines its modules in one task and starts the app in the next (docs/adr/037).
        ...(host ? [new StartInOwnTaskPlugin()] : []),
        new MiniCssExtractPlugin({
          filename: production ? '[name].[contenthash:8].css' : '[name].css',
          chunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        }),
        ...(standaloneHtml
          ? [
              new HtmlWebpackPlugin({
                template: path.join(dir, 'src/index.html'),
                // The shell's icon (a file of its own: the page links it, no /favicon.ico asked for).
                ...(fs.existsSync(path.join(dir, 'src/favicon.svg')) ? { favicon: path.join(dir, 'src/favicon.svg') } : {}),
                inject: 'body',
                scriptLoading: 'defer',
                minify: production,
              }),
            ]
          : []),
        new BuildInfoPlugin({
          name,
          container,
          version,
          mode,
          buildId,
          namespace,
          commit: commitOf(),
          federationRuntime: federationRuntimeOf({ host, production }),
        }),
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
    // The dev server serves the browser build; a production build (and `SSR_BUILD=1` in
    // development) also makes the server build, so the edge can render the app's pages.
    const wantServer = production ? process.env.SSR_BUILD !== '0' : process.env.SSR_BUILD === '1';
    if (!wantServer || process.env.WEBPACK_SERVE) return browser;
    return [browser, serverConfig({ name, container, dir, host, exposes, production, namespace, buildId, version, outDir, rules: browser.module.rules })];
  };
}

/**
 * The app's server build (docs/adr/029): the same modules and the same `shared` map, for Node
 * (`async-node`, a CommonJS container the edge loads through the Module Federation runtime;
 * its chunks load over HTTP through @module-federation/node's runtime plugin). The shell's
 * server build exposes `./server` (its renderer); a remote's, the same modules as its browser
 * build. CSS is not bundled (the browser build's files are linked by the edge); assets keep the
 * browser build's names, so a server-rendered <img> points at the same file.
 */
function serverConfig({ name, container, dir, host, exposes, production, namespace, buildId, version, outDir, rules }) {
  const serverRules = rules.map((rule) =>
    String(rule.test) === String(/\.css$/)
      ? { test: /\.css$/, use: require.resolve('./null-css-loader.cjs') }
      : rule.type === 'asset/resource'
        ? { ...rule, generator: { emit: false, publicPath: 'auto' } }
        : rule,
  );
  return {
    name: `${name}-server`,
    mode: production ? 'production' : 'development',
    context: dir,
    target: 'async-node',
    entry: {},
    devtool: false,
    output: {
      path: path.join(outDir, 'server'),
      publicPath: 'auto',
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      assetModuleFilename: production ? 'assets/[name].[contenthash:8][ext]' : 'assets/[name][ext]',
      uniqueName: `${namespace}_server`,
      chunkLoadingGlobal: `webpackChunk${namespace}_server`,
      library: { type: 'commonjs-module' },
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.jsx'],
      // The face model runs in the browser only (docs/adr/058); under Node its package resolves
      // to a build that needs @tensorflow/tfjs-node, which is never installed.
      alias: { '@vladmandic/human$': false },
    },
    module: { rules: serverRules },
    experiments: { asyncStartup: true },
    plugins: [
      new ModuleFederationPlugin({
        // The build's own name (container and build id): the Node runtime finds a container's
        // chunks by its name across every runtime instance of the process, so two builds of one
        // remote (stable and a canary) in one edge must not share it. The edge reads it from
        // server/build.json (docs/adr/029).
        name: namespace,
        library: { type: 'commonjs-module' },
        remoteType: 'script',
        filename: 'remoteEntry.js',
        exposes: host ? { './server': './src/server.tsx' } : exposes,
        remotes: {},
        shared: sharedModules(),
        shareStrategy: 'loaded-first',
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
        manifest: false,
        dts: false,
      }),
      new webpack.DefinePlugin({ 'process.env.EYEWEAR_SERVER_BUILD': JSON.stringify('1') }),
      new BuildInfoPlugin({ name, container, version, mode: production ? 'production' : 'development', buildId, namespace, target: 'server' }),
    ],
    optimization: { minimize: false, moduleIds: 'deterministic', chunkIds: 'deterministic' },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = { createAppConfig, buildIdOf, workspaceRoot };
