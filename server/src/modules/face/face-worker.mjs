/**
 * The face models in a worker thread (DESIGN.md §9): tfjs on its WebAssembly backend runs a
 * photo's inference synchronously for a few hundred milliseconds, which on the server's own
 * thread would stall every other request; here it stalls only the face queue.
 *
 * Loaded once and kept warm: face-api's detector, 68-point landmarks and 128-d recognition net
 * (`@vladmandic/face-api/model`), and Human's anti-spoof and liveness graph models
 * (`@vladmandic/human/models`), all from installed npm packages, never from the network. The
 * .wasm binaries come from `@tensorflow/tfjs-backend-wasm/dist`.
 *
 * Plain JavaScript so that the worker runs in Node as it is, under tsx, Vitest or anything else;
 * its messages are typed on the other side (face-engine.ts).
 *
 * In:  { id, bytes: ArrayBuffer, photo: boolean, liveness: boolean }
 * Out: { type: 'ready', loadMs } once; then per request { id, ok: true, result } or
 *      { id, ok: false, reason, detail? } where reason is one of face-engine.ts `ImageProblem`.
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const { detector, maxSide, analysisSide, photoSide } = workerData;

// tfjs greets Node users on the console with advice to install tfjs-node (which cannot install
// here: it downloads libtensorflow); the greeting is all it logs at import.
const log = console.log;
const warn = console.warn;
console.log = () => {};
console.warn = () => {};
const tf = require('@tensorflow/tfjs');
const wasm = require('@tensorflow/tfjs-backend-wasm');
const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js');
console.log = log;
console.warn = warn;
const sharp = require('sharp');

// One decode at a time per worker; sharp's cache would only hold photos nobody asks for again.
sharp.cache(false);
sharp.concurrency(1);

const faceApiModels = path.join(
  path.dirname(require.resolve('@vladmandic/face-api/package.json')),
  'model',
);
// Human's `exports` map names no package.json; its Node entry sits in dist/, the models beside.
const humanModels = path.join(path.dirname(require.resolve('@vladmandic/human')), '..', 'models');
const wasmDir = path.dirname(
  require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'),
);

/** A tfjs graph model from its JSON and weights on disk (tfjs has no file:// loader here). */
async function loadGraphModel(name) {
  const json = JSON.parse(fs.readFileSync(path.join(humanModels, `${name}.json`), 'utf8'));
  const manifest = json.weightsManifest[0];
  const bin = fs.readFileSync(path.join(humanModels, manifest.paths[0]));
  return tf.loadGraphModel(
    tf.io.fromMemory({
      modelTopology: json.modelTopology,
      weightSpecs: manifest.weights,
      weightData: bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength),
      format: json.format,
      generatedBy: json.generatedBy,
      convertedBy: json.convertedBy,
      signature: json.signature,
      userDefinedMetadata: json.userDefinedMetadata,
    }),
  );
}

/**
 * The tiny detector reads a photo padded by half its longer side on every side: its anchors are
 * made for faces smaller than the frame, and a sign-in or enrolment photo is mostly face. On
 * the 43 shipped crops it then found exactly one face in 41 at 320 px and score 0.4, as SSD
 * MobileNet v1 did, at about a sixth of SSD's time on the same WebAssembly backend (unpadded, at
 * 416 px, it found one in 31); it still finds both faces of the two-face photo, which 224 px
 * did not. bench/face: verify p90 140 ms against SSD's 705 ms (docs/decisions.md).
 */
const TINY_PAD = 0.5;

function detectorOptions() {
  return detector === 'ssd'
    ? new faceapi.SsdMobilenetv1Options({ minConfidence: 0.5, maxResults: 10 })
    : new faceapi.TinyFaceDetectorOptions({ inputSize: 320, scoreThreshold: 0.4 });
}

/** The image the detector reads, and how far its boxes sit from the photo's own pixels. */
function detectorInput(image) {
  if (detector === 'ssd') return { input: image, offset: 0 };
  const [height, width] = image.shape;
  const offset = Math.round(Math.max(height, width) * TINY_PAD);
  const input = tf.pad(
    image,
    [
      [offset, offset],
      [offset, offset],
      [0, 0],
    ],
    128,
  );
  return { input, offset };
}

let antispoof;
let liveness;

async function load() {
  const started = performance.now();
  wasm.setWasmPaths(`${wasmDir}${path.sep}`);
  await tf.setBackend('wasm');
  await tf.ready();
  if (detector === 'ssd') await faceapi.nets.ssdMobilenetv1.loadFromDisk(faceApiModels);
  else await faceapi.nets.tinyFaceDetector.loadFromDisk(faceApiModels);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(faceApiModels);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(faceApiModels);
  antispoof = await loadGraphModel('antispoof');
  liveness = await loadGraphModel('liveness');
  // One pass over a blank image compiles every kernel, so the first person waits no longer.
  const blank = tf.zeros([160, 160, 3], 'int32');
  await faceapi.detectAllFaces(blank, detectorOptions()).withFaceLandmarks().withFaceDescriptors();
  tf.tidy(() => {
    antispoof.execute(tf.zeros([1, 128, 128, 3]));
    liveness.execute(tf.zeros([1, 32, 32, 3]));
  });
  tf.dispose(blank);
  return performance.now() - started;
}

class ImageProblem extends Error {
  constructor(reason, detail) {
    super(reason);
    this.reason = reason;
    this.detail = detail;
  }
}

/** Decodes, checks and scales the photo; EXIF orientation applied as a camera meant it. */
async function decode(bytes, keepPhoto) {
  let meta;
  try {
    meta = await sharp(bytes, { limitInputPixels: maxSide * maxSide }).metadata();
  } catch {
    throw new ImageProblem('not-an-image');
  }
  if (!['jpeg', 'png', 'webp'].includes(meta.format ?? '')) {
    throw new ImageProblem('not-an-image', meta.format);
  }
  if (!meta.width || !meta.height || meta.width > maxSide || meta.height > maxSide) {
    throw new ImageProblem('too-many-pixels', `${meta.width}x${meta.height}`);
  }
  try {
    const { data, info } = await sharp(bytes, { failOn: 'error' })
      .rotate()
      .resize({
        width: analysisSide,
        height: analysisSide,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    // The stored photo: re-encoded, so no EXIF (a phone's GPS position) is ever kept.
    const photo = keepPhoto
      ? await sharp(bytes)
          .rotate()
          .resize({ width: photoSide, height: photoSide, fit: 'inside', withoutEnlargement: true })
          .jpeg({ quality: 85 })
          .toBuffer()
      : undefined;
    return { data, width: info.width, height: info.height, photo };
  } catch {
    throw new ImageProblem('not-an-image', 'truncated or corrupt');
  }
}

/**
 * Human's anti-spoof (128×128) and liveness (32×32) models read the face box enlarged 1.4 times
 * and made square, as values 0..1 (Human's blazeface crop: `enlargeBox(…, 1.4)`, `squarifyBox`,
 * `cutAndResize` then `/255`). Answers [real, live], each 0..1, higher is more likely live.
 */
function spoofScores(image, box) {
  const [height, width] = image.shape;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const half = (Math.max(box.width, box.height) * 1.4) / 2;
  const crop = [
    [(cy - half) / height, (cx - half) / width, (cy + half) / height, (cx + half) / width],
  ];
  return tf.tidy(() => {
    const batch = tf.expandDims(tf.cast(image, 'float32'), 0);
    const a = tf.div(tf.image.cropAndResize(batch, crop, [0], [128, 128]), 255);
    const l = tf.div(tf.image.cropAndResize(batch, crop, [0], [32, 32]), 255);
    const real = antispoof.execute(a).dataSync()[0];
    const live = liveness.execute(l).dataSync()[0];
    return [real, live];
  });
}

async function analyse(message) {
  const t0 = performance.now();
  const decoded = await decode(Buffer.from(message.bytes), message.photo);
  const t1 = performance.now();
  const image = tf.tensor3d(decoded.data, [decoded.height, decoded.width, 3], 'int32');
  const { input, offset } = detectorInput(image);
  try {
    // Landmarks and descriptors are read from the same (padded) image the boxes belong to; the
    // boxes answered are in the photo's own pixels.
    const found = await faceapi
      .detectAllFaces(input, detectorOptions())
      .withFaceLandmarks()
      .withFaceDescriptors();
    const faces = found
      .map((f) => ({
        box: {
          x: f.detection.box.x - offset,
          y: f.detection.box.y - offset,
          width: f.detection.box.width,
          height: f.detection.box.height,
        },
        score: f.detection.score,
        descriptor: Array.from(f.descriptor),
      }))
      .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
    const t2 = performance.now();
    const scores = message.liveness && faces[0] ? spoofScores(image, faces[0].box) : null;
    const t3 = performance.now();
    return {
      width: decoded.width,
      height: decoded.height,
      faces,
      real: scores ? scores[0] : null,
      live: scores ? scores[1] : null,
      photo: decoded.photo ? new Uint8Array(decoded.photo) : null,
      ms: { decode: t1 - t0, detect: t2 - t1, liveness: t3 - t2 },
    };
  } finally {
    tf.dispose(input === image ? [image] : [image, input]);
  }
}

const loadMs = await load();
parentPort.postMessage({ type: 'ready', loadMs });
parentPort.on('message', (message) => {
  analyse(message).then(
    (result) => {
      const transfer = result.photo ? [result.photo.buffer] : [];
      parentPort.postMessage({ id: message.id, ok: true, result }, transfer);
    },
    (error) => {
      if (error instanceof ImageProblem) {
        parentPort.postMessage({
          id: message.id,
          ok: false,
          reason: error.reason,
          detail: error.detail,
        });
      } else {
        parentPort.postMessage({
          id: message.id,
          ok: false,
          reason: 'failed',
          detail: String(error?.stack ?? error),
        });
      }
    },
  );
});
