/**
 * A remote's stand-in for webpack's bundler runtime (docs/adr/036): the shell's functions, its
 * own runtime instance. Run against the real federation runtime (its CommonJS build).
 */
import * as runtime from '@module-federation/runtime';

type Instance = { name: string; options: { id?: string } };
type Federation = { __INSTANCES__: Instance[] };
type StandIn = {
  runtime: { init(options: object): Instance };
  bundlerRuntime: Record<string, unknown>;
  attachShareScopeMap: unknown;
  bundlerRuntimeOptions: object;
};
const globals = globalThis as unknown as Record<string, unknown> & { __FEDERATION__: Federation };

/** The runtime plugin each remote's build has (own-federation-instance.mjs): its instance gets its build's id. */
const ownId = (id: string) => ({
  name: 'eyewear-own-federation-instance',
  beforeInit(args: { userOptions: { id?: string } }) {
    if (!args.userOptions.id) args.userOptions.id = id;
    return args;
  },
});
const initOptions = (name: string, id: string) => ({ name, remotes: [], shareStrategy: 'loaded-first', plugins: [ownId(id)] });

/** The stand-in as a build whose FEDERATION_BUILD_IDENTIFIER is `buildId` evaluates it. */
function loadStandIn(buildId: string): StandIn {
  globals.FEDERATION_BUILD_IDENTIFIER = buildId;
  let standIn: StandIn | undefined;
  jest.isolateModules(() => {
    standIn = jest.requireActual('./shell-bundler-runtime.mjs').default;
  });
  globals.FEDERATION_BUILD_IDENTIFIER = SHELL;
  return standIn!;
}

const SHELL = 'shell:0a1b2c3d4e5f';
const provided = {
  runtime,
  attachShareScopeMap: () => undefined,
  bundlerRuntime: Object.freeze({ remotes: () => undefined, consumes: () => undefined, I: () => undefined, init: () => undefined }),
};
let shell: Instance;

beforeAll(() => {
  // The shell's page: its runtime (compiled with the shell's build id) made the shell's instance
  // and handed the bundler runtime over (provide-federation-runtime.mjs).
  globals.FEDERATION_BUILD_IDENTIFIER = SHELL;
  shell = runtime.init(initOptions('shell', SHELL) as never) as unknown as Instance;
  globals._FEDERATION_BUNDLER_RUNTIME = provided;
});
afterAll(() => {
  delete globals._FEDERATION_BUNDLER_RUNTIME;
  delete globals.FEDERATION_BUILD_IDENTIFIER;
});

it("the shell's runtime, called for a remote, finds the shell's instance: why the stand-in has an init of its own", () => {
  expect(() => runtime.init(initOptions('catalog', 'catalog:1f2e3d4c5b6a') as never)).toThrow(/RUNTIME-010/);
  expect(globals.__FEDERATION__.__INSTANCES__.map((instance) => instance.name)).toEqual(['shell']);
});

it("gives a remote's build an instance of its own, with its build's id, and the same one when it starts again", () => {
  const catalog = loadStandIn('catalog:1f2e3d4c5b6a');
  const first = catalog.runtime.init(initOptions('catalog', 'catalog:1f2e3d4c5b6a'));
  expect(first).not.toBe(shell);
  expect(first).toMatchObject({ name: 'catalog', options: { id: 'catalog:1f2e3d4c5b6a' } });
  expect(catalog.runtime.init(initOptions('catalog', 'catalog:1f2e3d4c5b6a'))).toBe(first);

  const product = loadStandIn('product:9a8b7c6d5e4f').runtime.init(initOptions('product', 'product:9a8b7c6d5e4f'));
  expect(product).toMatchObject({ name: 'product', options: { id: 'product:9a8b7c6d5e4f' } });
  expect(globals.__FEDERATION__.__INSTANCES__.map((instance) => instance.options.id)).toEqual([SHELL, 'catalog:1f2e3d4c5b6a', 'product:9a8b7c6d5e4f']);
});

it("uses the shell's functions, with state of the build's own", () => {
  const one = loadStandIn('appointments:111111111111');
  const two = loadStandIn('appointments:222222222222');
  expect(one.attachShareScopeMap).toBe(provided.attachShareScopeMap);
  for (const name of ['remotes', 'consumes', 'I', 'init']) expect(one.bundlerRuntime[name]).toBe(provided.bundlerRuntime[name]);
  expect(one.bundlerRuntime.S).toEqual({});
  expect(one.bundlerRuntime.S).not.toBe(two.bundlerRuntime.S);
  expect(one.bundlerRuntimeOptions).not.toBe(two.bundlerRuntimeOptions);
  expect(one.runtime.init).not.toBe(runtime.init);
});

it('says so when the shell hands over no bundler runtime (a shell built before it did)', () => {
  delete globals._FEDERATION_BUNDLER_RUNTIME;
  try {
    expect(() => loadStandIn('catalog:333333333333')).toThrow('catalog:333333333333: the shell provides no bundler runtime (docs/adr/036)');
  } finally {
    globals._FEDERATION_BUNDLER_RUNTIME = provided;
  }
});
