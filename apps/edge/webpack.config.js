const fs = require('node:fs');
const { createNodeConfig } = require('../../tools/webpack/node-config.cjs');
const { faceModelFiles, faceModelPath } = require('../../libs/face/model-files.cjs');

/**
 * The face model's files (issue 43, docs/adr/058) copied into the edge's build, `static/face/human-<version>/`,
 * which the edge serves at `/static/face/human-<version>/` for good (immutable): the image installs
 * production packages only, and Human is a devDependency, so they are taken from node_modules here.
 */
class FaceModelFilesPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('FaceModelFiles', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'FaceModelFiles', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const file of faceModelFiles()) {
          compilation.fileDependencies.add(file.from);
          compilation.emitAsset(`${faceModelPath().slice(1)}${file.name}`, new RawSource(fs.readFileSync(file.from)));
        }
      });
    });
  }
}

// Three entries: the process (main.js), the edge as a library for `npm start` and the bench
// (index.js), and the render worker each shell build's pages render in (render-worker.js,
// docs/adr/046).
const config = createNodeConfig({
  name: 'edge',
  dir: __dirname,
  entry: { main: './src/main.ts', index: './src/index.ts', 'render-worker': './src/render/worker/entry.ts' },
});
module.exports = (env, argv) => {
  const built = config(env, argv);
  return { ...built, plugins: [...built.plugins, new FaceModelFilesPlugin()] };
};
