import { createFaceDetector, type Backend, type FaceDetector, type HumanModule } from './detector';

/**
 * The model's version: the folder the edge serves its files from is named by it (immutable, so
 * a new version is a new folder). It is Human's pinned version; libs/face's entry test fails when
 * the pin moves without it.
 */
export const HUMAN_VERSION = '3.3.6';

/** Our own origin's folder of the model files and tfjs's .wasm files (libs/face/model-files.cjs, docs/adr/058). */
export const FACE_MODEL_PATH = `/static/face/human-${HUMAN_VERSION}/`;

let shared: FaceDetector | undefined;

/**
 * The browser's face detector, one per page: Human's browser build (tfjs inside) is imported on
 * the first detection (or `start()`), in a chunk of its own that only try-on, the frame-size
 * page and the face profiles reach; the models and .wasm files come from FACE_MODEL_PATH.
 * WebGL first, then WASM.
 */
export function loadFaceDetector(options: { backends?: Backend[] } = {}): FaceDetector {
  if (options.backends) return browserDetector(options.backends);
  return (shared ??= browserDetector(softwareWebGL() ? ['wasm'] : ['webgl', 'wasm']));
}

/**
 * WebGL drawn by the processor (SwiftShader, llvmpipe: no GPU, or a GPU the browser refuses)
 * is slower than WASM for this model: measured in headless Chromium, 1.1 s a detection against
 * 67 ms on WASM. Then WASM goes first.
 */
export function softwareWebGL(): boolean {
  try {
    const gl = document.createElement('canvas').getContext('webgl');
    if (!gl) return false;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return /swiftshader|llvmpipe|software|basic render/i.test(renderer);
  } catch {
    return false;
  }
}

function browserDetector(backends: Backend[]): FaceDetector {
  return createFaceDetector({
    load: () => import(/* webpackChunkName: "face-model" */ '@vladmandic/human') as Promise<HumanModule>,
    modelBasePath: FACE_MODEL_PATH,
    wasmPath: FACE_MODEL_PATH,
    backends,
  });
}
