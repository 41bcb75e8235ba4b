// The shell's runtime plugin that hands its federation runtime to the remotes (docs/adr/032):
// what `experiments.provideExternalRuntime` adds (@module-federation/inject-external-runtime-core-plugin),
// over the ES module the shell's own runtime already uses. That plugin requires the CommonJS
// build, so the shell's entry carried the runtime twice (+36 KiB gzip).
import * as runtimeCore from '@module-federation/runtime-core';

export default function provideFederationRuntime() {
  return {
    name: 'eyewear-provide-federation-runtime',
    beforeInit(args) {
      const global = runtimeCore.Global;
      if (global && typeof global === 'object' && !global._FEDERATION_RUNTIME_CORE) {
        global._FEDERATION_RUNTIME_CORE = runtimeCore;
        global._FEDERATION_RUNTIME_CORE_FROM = { name: args.options.name };
      }
      return args;
    },
  };
}
