import type { Config, FaceResult, Human, Input } from '@vladmandic/human';
import { type FaceLandmarks, type Point } from './geometry';

/** The chosen model's package, as `import('@vladmandic/human')` gives it (in Node: its `dist/human.node-wasm.js`). */
export interface HumanModule {
  Human: new (config?: Partial<Config>) => Human;
}

export type Backend = 'webgl' | 'wasm' | 'cpu';

export interface FaceDetectorOptions {
  /** Loads the model's code: called on the first detection only, so no page pays for it before. */
  load: () => Promise<HumanModule>;
  /** Where the model files are (blazeface, facemesh, iris `.json` + `.bin`), ending with `/`: our own origin's versioned static folder, or `file://` in Node. */
  modelBasePath: string;
  /** Where tfjs's `.wasm` files are, ending with `/` (the WASM backend only). */
  wasmPath?: string;
  /** Tried in order until one starts: WebGL, falling back to WASM. */
  backends?: Backend[];
  /** A face's least confidence, 0..1 (default 0.5). */
  minConfidence?: number;
}

/** An RGBA bitmap (ImageData, or a decoded PNG or JPEG). */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** A bitmap, or what the browser draws (an <img>, <video>, <canvas>, ImageBitmap). */
export type FaceInput = RgbaImage | Exclude<Input, ImageData>;

export interface FaceDetector {
  /** The largest face's landmarks, or null when there is no face. */
  detectFace(input: FaceInput): Promise<FaceLandmarks | null>;
  /** The backend in use once started ('webgl', 'wasm', 'cpu'). */
  backend(): string | undefined;
  /** Loads the model's code and files now (a dialog opening), resolving with the backend started; detectFace does it on its first call otherwise. */
  start(): Promise<string>;
}

/** Human's configuration: the face detector, mesh and iris models only, nothing fetched from elsewhere. */
export function humanConfig(options: Pick<FaceDetectorOptions, 'modelBasePath' | 'wasmPath' | 'minConfidence'>, backend: Backend): Partial<Config> {
  const minConfidence = options.minConfidence ?? 0.5;
  const off = { enabled: false };
  return {
    backend,
    modelBasePath: options.modelBasePath,
    // Human's default is a CDN; ours are served with the model files.
    wasmPath: options.wasmPath ?? options.modelBasePath,
    wasmPlatformFetch: false,
    debug: false,
    warmup: 'none',
    cacheSensitivity: 0,
    filter: { enabled: false },
    face: {
      enabled: true,
      detector: { modelPath: 'blazeface.json', rotation: true, maxDetected: 5, minConfidence, iouThreshold: 0.1, return: false, skipFrames: 0, skipTime: 0 },
      mesh: { enabled: true, modelPath: 'facemesh.json', keepInvalid: false },
      iris: { enabled: true, modelPath: 'iris.json', scale: 2.3 },
      attention: off,
      emotion: off,
      description: off,
      antispoof: off,
      liveness: off,
      gear: off,
    } as Config['face'],
    body: off as Config['body'],
    hand: off as Config['hand'],
    object: off as Config['object'],
    gesture: off,
    segmentation: off as Config['segmentation'],
  };
}

/** MediaPipe face mesh indices (468 points, then 10 iris points when the iris model ran). */
export const MESH = {
  /** The face outline at the cheekbones, image left then right. */
  cheekbones: [234, 454],
  noseBridge: 168,
  noseTip: 1,
  /** Eye corners, each eye outer then inner: the pupils' fallback. */
  eyeCorners: [
    [33, 133],
    [362, 263],
  ],
  /** Iris centre then its four edge points (right, top, left, bottom), each eye. */
  irises: [
    [468, 469, 470, 471, 472],
    [473, 474, 475, 476, 477],
  ],
} as const;

/** The lib's landmarks from one of Human's faces (mesh in input pixels). */
export function landmarksFromHuman(face: Pick<FaceResult, 'mesh' | 'box' | 'score'>): FaceLandmarks | null {
  const mesh = face.mesh;
  if (mesh.length < 468) return null;
  const at = (i: number): Point => ({ x: mesh[i]![0], y: mesh[i]![1] });
  const mid = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
  const hasIris = mesh.length >= 478;
  const eyes = [0, 1].map((eye) => {
    if (hasIris) {
      const [centre, ...edge] = MESH.irises[eye]!.map(at);
      const diameter = (Math.hypot(edge[0]!.x - edge[2]!.x, edge[0]!.y - edge[2]!.y) + Math.hypot(edge[1]!.x - edge[3]!.x, edge[1]!.y - edge[3]!.y)) / 2;
      return { pupil: centre!, diameter };
    }
    const [outer, inner] = MESH.eyeCorners[eye]!;
    return { pupil: mid(at(outer), at(inner)), diameter: undefined };
  });
  const [first, second] = eyes[0]!.pupil.x <= eyes[1]!.pupil.x ? [eyes[0]!, eyes[1]!] : [eyes[1]!, eyes[0]!];
  const cheeks = [at(MESH.cheekbones[0]), at(MESH.cheekbones[1])].sort((a, b) => a.x - b.x);
  const [x, y, width, height] = face.box;
  return {
    pupils: [first.pupil, second.pupil],
    ...(first.diameter !== undefined && second.diameter !== undefined ? { irisDiametersPx: [first.diameter, second.diameter] as [number, number] } : {}),
    cheekbones: [cheeks[0]!, cheeks[1]!],
    noseBridge: at(MESH.noseBridge),
    noseTip: at(MESH.noseTip),
    box: { x, y, width, height },
    score: face.score,
  };
}

function isRgba(input: FaceInput): input is RgbaImage {
  return (
    typeof input === 'object' &&
    input !== null &&
    'data' in input &&
    'width' in input &&
    'height' in input &&
    (input.data instanceof Uint8Array || input.data instanceof Uint8ClampedArray)
  );
}

/**
 * The face detector over Human: the model's code and files load on the first call, then stay.
 * Bitmaps become RGB tensors; what the browser draws goes to Human as it is.
 */
export function createFaceDetector(options: FaceDetectorOptions): FaceDetector {
  let started: Promise<Human> | undefined;
  let backendInUse: string | undefined;

  async function start(): Promise<Human> {
    const { Human: HumanClass } = await options.load();
    const backends = options.backends ?? ['webgl', 'wasm'];
    let lastError: unknown;
    for (const backend of backends) {
      const human = new HumanClass(humanConfig(options, backend));
      try {
        await human.init();
        if (human.tf.getBackend() !== backend) continue;
        await human.load();
        backendInUse = backend;
        return human;
      } catch (error) {
        lastError = error;
      }
    }
    throw new Error(`No face model backend started (${backends.join(', ')})`, { cause: lastError });
  }

  function startOnce(): Promise<Human> {
    started ??= start().catch((error: unknown) => {
      started = undefined;
      throw error;
    });
    return started;
  }

  return {
    backend: () => backendInUse,
    start: async () => {
      await startOnce();
      return backendInUse ?? '';
    },
    async detectFace(input) {
      const human = await startOnce();
      let tensor: { dispose(): void } | undefined;
      let modelInput: Input;
      if (isRgba(input)) {
        const rgb = new Uint8Array(input.width * input.height * 3);
        for (let i = 0, j = 0; i < rgb.length; i += 3, j += 4) {
          rgb[i] = input.data[j]!;
          rgb[i + 1] = input.data[j + 1]!;
          rgb[i + 2] = input.data[j + 2]!;
        }
        tensor = human.tf.tensor3d(rgb, [input.height, input.width, 3], 'int32');
        modelInput = tensor as Input;
      } else modelInput = input;
      try {
        const result = await human.detect(modelInput);
        const faces = result.face.filter((face) => face.mesh.length >= 468).sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3]);
        return faces[0] ? landmarksFromHuman(faces[0]) : null;
      } finally {
        tensor?.dispose();
      }
    },
  };
}
