/**
 * Faces and bodies in a photo, from the models that ship inside the @vladmandic/human package (blazeface for
 * faces, movenet for bodies), run on TensorFlow.js with the WebAssembly backend. Nothing is downloaded: the
 * package's model files are read from disk through a tfjs load router, because Node's fetch cannot read file://.
 *
 * Detection is CPU-heavy (tens of milliseconds a pass): callers in the server run it through
 * detection-worker.ts so the event loop never waits on it.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
/** A package's folder, found along Node's lookup paths (human's "exports" map refuses even its package.json). */
function packageRoot(name: string): string {
  for (const dir of require.resolve.paths(name) ?? []) {
    if (existsSync(path.join(dir, name, 'package.json'))) return path.join(dir, name);
  }
  throw new Error(`${name} is not installed`);
}
const humanRoot = packageRoot('@vladmandic/human');
const wasmRoot = path.join(packageRoot('@tensorflow/tfjs-backend-wasm'), 'dist');
const MODELS_URL = `${pathToFileURL(path.join(humanRoot, 'models')).href}/`;

/** A box in pixels of the image that was analysed. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Detection {
  box: Box;
  score: number;
}

/** A face with blazeface's six points: right eye, left eye, nose, mouth, right ear, left ear (pixels). */
export interface FaceDetection extends Detection {
  points: [number, number][];
}

export interface Detections {
  faces: FaceDetection[];
  /** Whole-body poses with how upright they stand: nose and shoulders above hips (1) or below (-1), 0 unknown. */
  bodies: (Detection & { upright: number })[];
}

/** An RGB picture, 3 bytes a pixel, rows top to bottom. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

// The package's own types are large; the few members used are described here.
interface HumanKeypoint {
  part: string;
  score: number;
  position: [number, number, number?];
}
interface HumanResult {
  face: { box: [number, number, number, number]; boxScore?: number; score: number; mesh: number[][] }[];
  body: { box: [number, number, number, number]; score: number; keypoints: HumanKeypoint[] }[];
}
interface TfTensor {
  dispose(): void;
}
interface TfIO {
  registerLoadRouter(router: (url: string | string[]) => unknown): void;
}
interface HumanInstance {
  load(): Promise<void>;
  warmup?(): Promise<unknown>;
  detect(input: TfTensor): Promise<HumanResult>;
  tf: { tensor3d(data: Uint8Array, shape: [number, number, number], dtype: 'int32'): TfTensor; io: TfIO; getBackend(): string };
}

/** Loads a graph model's JSON and its weight files straight from disk (a tfjs IOHandler). */
function fileHandler(url: string): { load: () => Promise<Record<string, unknown>> } {
  const file = fileURLToPath(url);
  return {
    load: async () => {
      const model = JSON.parse(await readFile(file, 'utf8')) as {
        modelTopology: unknown;
        weightsManifest: { paths: string[]; weights: unknown[] }[];
        format?: string;
        generatedBy?: string;
        convertedBy?: string;
        signature?: unknown;
        userDefinedMetadata?: unknown;
      };
      const parts: Buffer[] = [];
      const weightSpecs: unknown[] = [];
      for (const group of model.weightsManifest) {
        for (const p of group.paths) parts.push(await readFile(path.join(path.dirname(file), p)));
        weightSpecs.push(...group.weights);
      }
      const joined = Buffer.concat(parts);
      return {
        modelTopology: model.modelTopology,
        weightSpecs,
        weightData: joined.buffer.slice(joined.byteOffset, joined.byteOffset + joined.byteLength),
        format: model.format,
        generatedBy: model.generatedBy,
        convertedBy: model.convertedBy,
        signature: model.signature,
        userDefinedMetadata: model.userDefinedMetadata,
      };
    },
  };
}

let loading: Promise<HumanInstance> | undefined;

/** The detector, loaded once per process (about a second: WebAssembly start and three small models). */
export function loadDetector(): Promise<HumanInstance> {
  loading ??= (async () => {
    // The package's "exports" map lacks "./" on its keys, so the Node build is required by its file path.
    const mod = require(path.join(humanRoot, 'dist', 'human.node-wasm.js')) as { Human: new (config: object) => HumanInstance };
    const human = new mod.Human({
      backend: 'wasm',
      wasmPath: `${pathToFileURL(wasmRoot).href}/`,
      modelBasePath: MODELS_URL,
      debug: false,
      cacheModels: false,
      filter: { enabled: false },
      // The detector must see faces as they are: its own rotation correction would hide sideways faces.
      face: {
        enabled: true,
        detector: { rotation: false, maxDetected: 10, minConfidence: 0.5, return: false },
        mesh: { enabled: false },
        iris: { enabled: false },
        description: { enabled: false },
        emotion: { enabled: false },
        antispoof: { enabled: false },
        liveness: { enabled: false },
      },
      body: { enabled: true, modelPath: 'movenet-lightning.json', maxDetected: 1, minConfidence: 0.3 },
      hand: { enabled: false },
      object: { enabled: false },
      gesture: { enabled: false },
      segmentation: { enabled: false },
    });
    human.tf.io.registerLoadRouter((url) => (typeof url === 'string' && url.startsWith('file://') ? fileHandler(url) : null));
    await human.load();
    return human;
  })();
  return loading;
}

function keypoint(points: HumanKeypoint[], names: string[]): number | undefined {
  const ys = points.filter((p) => names.includes(p.part) && p.score > 0.3).map((p) => p.position[1]);
  return ys.length ? ys.reduce((a, b) => a + b, 0) / ys.length : undefined;
}

/** Faces and bodies found in one picture, as it stands (no rotation is tried here). */
export async function detect(image: RgbImage): Promise<Detections> {
  const human = await loadDetector();
  const tensor = human.tf.tensor3d(image.data, [image.height, image.width, 3], 'int32');
  try {
    const result = await human.detect(tensor);
    const faces = result.face.map((f) => ({
      box: { x: f.box[0], y: f.box[1], width: f.box[2], height: f.box[3] },
      score: f.boxScore ?? f.score,
      // With the mesh model off, human reports the detector's own six points here.
      points: f.mesh.slice(0, 6).map((p) => [p[0], p[1]] as [number, number]),
    }));
    const bodies = result.body.map((b) => {
      const head = keypoint(b.keypoints, ['nose', 'leftShoulder', 'rightShoulder']);
      const hips = keypoint(b.keypoints, ['leftHip', 'rightHip']);
      const upright = head === undefined || hips === undefined ? 0 : Math.sign(hips - head);
      return { box: { x: b.box[0], y: b.box[1], width: b.box[2], height: b.box[3] }, score: b.score, upright };
    });
    return { faces, bodies };
  } finally {
    tensor.dispose();
  }
}
