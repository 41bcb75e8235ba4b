// One Jest configuration for every project: swc transpiles TypeScript and JSX, jsdom is the
// default environment, styles are stubbed, and the TextEncoder polyfill React Router 7 needs
// is installed before each suite (TOOLCHAIN.md trap 8).
const path = require('node:path');

module.exports = function preset(projectDir, overrides = {}) {
  return {
    displayName: path.basename(projectDir),
    rootDir: projectDir,
    testEnvironment: 'jsdom',
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}', '<rootDir>/*.test.{ts,mjs}'],
    transform: {
      '^.+\\.(t|j|mj)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    moduleNameMapper: {
      '\\.css$': path.join(__dirname, 'tools/jest/style-stub.cjs'),
    },
    setupFiles: [path.join(__dirname, 'tools/jest/polyfills.cjs')],
    setupFilesAfterEnv: [path.join(__dirname, 'tools/jest/setup-dom.cjs')],
    ...overrides,
  };
};
