// A remote's runtime plugin, with the shell's federation runtime (docs/adr/032): its instance
// keeps its build's id. The runtime's code names a new instance after the build it was compiled
// in (FEDERATION_BUILD_IDENTIFIER, `<container>:<build id>`); running the shell's code, every
// remote's instance got the shell's id, so a remote's builds no longer found their own instance
// and a canary and stable of one remote shared one by name, which ADR 023 forbids.
/* global FEDERATION_BUILD_IDENTIFIER */
// @ts-expect-error the federation plugin defines it in each build (DefinePlugin); no type knows it
const BUILD_ID = typeof FEDERATION_BUILD_IDENTIFIER !== 'undefined' ? FEDERATION_BUILD_IDENTIFIER : '';

export default function ownFederationInstance() {
  return {
    name: 'eyewear-own-federation-instance',
    beforeInit(args) {
      if (BUILD_ID && !args.userOptions.id) args.userOptions.id = BUILD_ID;
      return args;
    },
  };
}
