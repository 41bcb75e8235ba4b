// Node, not jsdom: the detector's tests run the model on tfjs's WASM backend (libs/face/README.md).
module.exports = require('../../jest.preset.cjs')(__dirname, { testEnvironment: 'node', setupFilesAfterEnv: [] });
