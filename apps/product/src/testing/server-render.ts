// The server-render test kit (`@eyewear/event-bus/server-testing`), through a module of this
// app: a test loads it with `import()` inside `jest.isolateModulesAsync` (the server's own module
// set), and a dynamic import of a library itself would mark the library lazy-loaded for the
// module-boundary rule.
export * from '@eyewear/event-bus/server-testing';
