// The modules every app shares through Module Federation, and how. One list for all six
// apps, so host and remotes can never disagree.
//
// Singletons: one React, one router (through @eyewear/router), one store per page (DESIGN.md "Composition at runtime").
// The keys match import paths exactly (`react/jsx-runtime`, `react-dom/client`,
// `react-router`), or React is loaded twice (TOOLCHAIN.md trap 10).
// The libs whose instance must be one (event bus: the page store and its context; i18n: the
// country context) are shared too. libs/ui and libs/api-client hold no instance state, so
// each app bundles only the parts it uses.
const rootPackage = JSON.parse(require('node:fs').readFileSync(require('node:path').join(__dirname, '../../package.json'), 'utf8'));

const SINGLETON_PACKAGES = ['react', 'react-dom', 'redux', '@reduxjs/toolkit', 'redux-saga', 'react-redux'];
const SINGLETON_SUBPATHS = {
  'react/jsx-runtime': 'react',
  'react-dom/client': 'react-dom',
  // Every saga imports its effects from here: unshared, each remote carried its own copy of
  // redux-saga's core (~3 KB gzip and a request of its own on every page, issue 19).
  'redux-saga/effects': 'redux-saga',
};
// @eyewear/router re-exports the part of React Router the site uses; react-router itself is
// not shared (a shared package cannot be tree-shaken: ADR 011).
const WORKSPACE_SINGLETONS = ['@eyewear/event-bus', '@eyewear/i18n', '@eyewear/router'];

function versionOf(pkg) {
  const declared = rootPackage.dependencies[pkg];
  if (declared) return declared;
  throw new Error(`shared package ${pkg} is not a root dependency`);
}

/** The version of a package as installed. */
function installedVersion(pkg) {
  return require(require.resolve(`${pkg}/package.json`, { paths: [require('node:path').join(__dirname, '../..')] })).version;
}

/**
 * @param {{ eager?: boolean }} [options]  eager: the modules go into the entry itself (the
 *   shell's browser build, ADR 030: one request instead of one or two per shared module; the
 *   shell provides every one of them to the remotes anyway)
 */
function sharedModules({ eager = false } = {}) {
  const shared = {};
  const how = eager ? { singleton: true, eager: true } : { singleton: true };
  for (const pkg of SINGLETON_PACKAGES) {
    shared[pkg] = { ...how, requiredVersion: `^${versionOf(pkg)}` };
  }
  for (const [subpath, pkg] of Object.entries(SINGLETON_SUBPATHS)) {
    // The version its package has (a subpath's own package.json, as redux-saga/effects', may
    // name none, and the runtime would then offer it as version 0, meeting no requirement).
    shared[subpath] = { ...how, requiredVersion: `^${versionOf(pkg)}`, version: installedVersion(pkg) };
  }
  for (const lib of WORKSPACE_SINGLETONS) {
    shared[lib] = { ...how, requiredVersion: '^0.1.0' };
  }
  return shared;
}

module.exports = { sharedModules, SINGLETON_PACKAGES, WORKSPACE_SINGLETONS };
