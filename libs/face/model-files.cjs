// The face model's files the browser fetches (issue 43, docs/adr/058): Human's three models
// (BlazeFace, FaceMesh, Iris: .json + .bin) and tfjs's WebAssembly backends, copied from
// node_modules into the edge's build at build time and served by the edge from our own origin at
// a versioned, immutable path. Plain CommonJS: the edge's webpack config and the bench read it.
// The browser entry (src/browser.ts) names the same path; libs/face's entry test keeps the two equal.
const fs = require('node:fs');
const path = require('node:path');

const MODELS = ['blazeface', 'facemesh', 'iris'];
const WASM = ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm'];

/** Human's folder: its package `exports` expose neither package.json nor its models. */
function humanDir() {
  const main = require.resolve('@vladmandic/human');
  return path.resolve(path.dirname(main), '..');
}

function humanVersion() {
  return JSON.parse(fs.readFileSync(path.join(humanDir(), 'package.json'), 'utf8')).version;
}

/** The URL folder the files are served at, ending with '/'. */
function faceModelPath(version = humanVersion()) {
  return `/static/face/human-${version}/`;
}

/** Each file: its name in the served folder and where it is in node_modules. */
function faceModelFiles() {
  const models = path.join(humanDir(), 'models');
  const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
  return [
    ...MODELS.flatMap((model) => ['.json', '.bin'].map((ext) => ({ name: `${model}${ext}`, from: path.join(models, `${model}${ext}`) }))),
    ...WASM.map((name) => ({ name, from: path.join(wasmDir, name) })),
  ];
}

module.exports = { faceModelPath, faceModelFiles, humanVersion, MODELS, WASM };
