// The shell's runtime plugin that hands its federation runtime to the remotes (docs/adr/032,
// docs/adr/036): what `experiments.provideExternalRuntime` adds
// (@module-federation/inject-external-runtime-core-plugin), over the ES module the shell's own
// runtime already uses. That plugin requires the CommonJS build, so the shell's entry carried
// the runtime twice (+36 KiB gzip).
//
// Besides the runtime core, the shell hands over webpack's bundler runtime: the functions a
// container's generated code calls (load a remote, consume a share, start the container). Each
// takes the calling build's `__webpack_require__` and keeps its state there, so one copy serves
// every build. The shell's own build leaves `initContainerEntry` out (it exposes nothing), so
// each function is imported from its own module rather than from the package's index.
import * as runtimeCore from '@module-federation/runtime-core';
import * as runtime from '@module-federation/runtime';
import { attachShareScopeMap } from '@module-federation/webpack-bundler-runtime/dist/attachShareScopeMap.js';
import { remotes } from '@module-federation/webpack-bundler-runtime/dist/remotes.js';
import { consumes } from '@module-federation/webpack-bundler-runtime/dist/consumes.js';
import { initializeSharing } from '@module-federation/webpack-bundler-runtime/dist/initializeSharing.js';
import { installInitialConsumes } from '@module-federation/webpack-bundler-runtime/dist/installInitialConsumes.js';
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import { init } from '@module-federation/webpack-bundler-runtime/dist/init.js';
import { getSharedFallbackGetter } from '@module-federation/webpack-bundler-runtime/dist/getSharedFallbackGetter.js';

/** What a remote's `shell-bundler-runtime.mjs` takes: the same shape as the package's default export. */
const bundlerRuntime = Object.freeze({
  runtime,
  attachShareScopeMap,
  bundlerRuntime: Object.freeze({
    remotes,
    consumes,
    I: initializeSharing,
    installInitialConsumes,
    initContainerEntry,
    init,
    getSharedFallbackGetter,
  }),
});

export default function provideFederationRuntime() {
  return {
    name: 'eyewear-provide-federation-runtime',
    beforeInit(args) {
      const global = runtimeCore.Global;
      if (global && typeof global === 'object') {
        if (!global._FEDERATION_RUNTIME_CORE) {
          global._FEDERATION_RUNTIME_CORE = runtimeCore;
          global._FEDERATION_RUNTIME_CORE_FROM = { name: args.options.name };
        }
        if (!global._FEDERATION_BUNDLER_RUNTIME) global._FEDERATION_BUNDLER_RUNTIME = bundlerRuntime;
      }
      return args;
    },
  };
}
