// A remote's production browser build takes webpack's bundler runtime from the shell
// (docs/adr/036), as it takes the runtime core (docs/adr/032): this module stands in for
// `@module-federation/webpack-bundler-runtime/bundler`, which the federation plugin's entry
// imports (tools/webpack/app-config.cjs replaces it). It has that module's shape: the object
// the entry copies into its build's `__webpack_require__.federation`.
//
// Only `init` is the build's own. The runtime's `init` finds an existing instance by the id of
// the build its code was compiled in (FEDERATION_BUILD_IDENTIFIER); run from the shell's copy,
// every remote would find the shell's instance. This one is the runtime's `init`
// (@module-federation/runtime, src/index.ts and src/utils.ts) with this build's id, so each
// build keeps its own instance (docs/adr/023).
import { CurrentGlobal } from '@module-federation/runtime-core';

/* global FEDERATION_BUILD_IDENTIFIER */
// @ts-expect-error the federation plugin defines it in each build (DefinePlugin); no type knows it
const BUILD_ID = typeof FEDERATION_BUILD_IDENTIFIER !== 'undefined' ? FEDERATION_BUILD_IDENTIFIER : '';

const provided = CurrentGlobal._FEDERATION_BUNDLER_RUNTIME;
if (!provided || !provided.runtime || !provided.bundlerRuntime) {
  // The release tools refuse such a deploy; a forced one fails here, and the shell's loader
  // treats the remote as failed (its fallback, then its error message).
  throw new Error(`${BUILD_ID || 'this remote'}: the shell provides no bundler runtime (docs/adr/036)`);
}

function ownInstance(name, version) {
  return CurrentGlobal.__FEDERATION__.__INSTANCES__.find((instance) => {
    if (BUILD_ID && instance.options.id === BUILD_ID) return true;
    if (instance.options.name === name && !instance.options.version && !version) return true;
    return instance.options.name === name && Boolean(version) && instance.options.version === version;
  });
}

function init(options) {
  const instance = ownInstance(options.name, options.version);
  const normalized = { ...options, id: options.id || '' };
  if (!instance) return provided.runtime.createInstance(normalized);
  instance.initOptions(normalized);
  return instance;
}

export default {
  runtime: { ...provided.runtime, init },
  instance: undefined,
  initOptions: undefined,
  // `S` and the options are state of the build: its own objects.
  bundlerRuntime: { ...provided.bundlerRuntime, S: {} },
  attachShareScopeMap: provided.attachShareScopeMap,
  bundlerRuntimeOptions: {},
};
