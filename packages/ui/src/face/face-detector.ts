/**
 * The browser's face detector (DESIGN.md §9, issue 14 §1): face-api's tiny face detector on
 * tfjs: WebGL where the browser has a GPU, else WebAssembly (SIMD where the browser has it),
 * and tfjs's plain CPU backend only when neither loads. This module is imported only
 * with `import()` when the face component opens the camera, so neither face-api (about 1.3 MB)
 * nor the model weights (193 KB) are part of any page's first load. The weights are the ones
 * shipped in the `@vladmandic/face-api` package, the manifest bundled with this module and the weights emitted by Vite as a hashed asset (`?url`) and
 * served with the page's other assets. The WebAssembly binaries are the ones of
 * `@tensorflow/tfjs-backend-wasm` at the version face-api bundles (4.22.0), emitted the same way
 * (the CSP allows 'wasm-unsafe-eval' for them, server/src/core/security-headers.ts).
 */
import * as faceapi from '@vladmandic/face-api';
import manifest from '@vladmandic/face-api/model/tiny_face_detector_model-weights_manifest.json';
import weightsUrl from '@vladmandic/face-api/model/tiny_face_detector_model.bin?url';
import wasmSimdUrl from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url';
import wasmUrl from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url';
import type { FaceBox } from './face-rules.ts';

/** One detector, loaded once per page. */
export interface FaceDetector {
  /** The largest face in the video, in the video's own pixels, or null. */
  detect(video: HTMLVideoElement): Promise<FaceBox | null>;
}

type WeightSpecs = Parameters<typeof faceapi.tf.io.decodeWeights>[1];

let loading: Promise<FaceDetector> | null = null;

/** Loads the backend and the model on first use; later calls share the same detector. */
export function loadFaceDetector(): Promise<FaceDetector> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

async function load(): Promise<FaceDetector> {
  const { tf } = faceapi;
  // The bundled tfjs has these; face-api's own type declarations list only part of tfjs.
  const engine = tf as unknown as {
    ready(): Promise<void>;
    getBackend(): string | undefined;
    setBackend(name: string): Promise<boolean>;
    setWasmPaths(paths: Record<string, string>): void;
  };
  await engine.ready().catch(() => undefined);
  // A software WebGL (SwiftShader: no GPU, as in a headless or virtual machine) compiles its
  // shaders for many seconds and then runs slower than tfjs's plain CPU backend; WebAssembly
  // with SIMD runs the tiny detector several times faster than that CPU backend.
  if (engine.getBackend() !== 'webgl' || softwareWebGl()) {
    // The threaded build needs a cross-origin isolated page, which the portal is not; tfjs
    // then picks the SIMD build, or the plain one where the browser has no SIMD.
    engine.setWasmPaths({
      'tfjs-backend-wasm.wasm': wasmUrl,
      'tfjs-backend-wasm-simd.wasm': wasmSimdUrl,
      'tfjs-backend-wasm-threaded-simd.wasm': wasmSimdUrl,
    });
    const wasm = await engine.setBackend('wasm').catch(() => false);
    if (!wasm) await engine.setBackend('cpu');
  }
  const res = await fetch(weightsUrl);
  if (!res.ok) throw new Error(`face model: HTTP ${res.status}`);
  const weights = await res.arrayBuffer();
  const specs = manifest.flatMap((group) => group.weights) as WeightSpecs;
  faceapi.nets.tinyFaceDetector.loadFromWeightMap(tf.io.decodeWeights(weights, specs));
  // 128 px input: a face in front of the camera fills much of the frame. On WebAssembly a
  // detection takes about 6 ms (bench/face-browser: 156 fps in headless Chromium without a GPU);
  // on the CPU fallback it is about three times as fast as 224 (1.2 s at 160 on a busy 2-core
  // machine, too slow for more than 8 hits within the spec §4 15 s).
  const options = new faceapi.TinyFaceDetectorOptions({ inputSize: 128, scoreThreshold: 0.4 });
  // One detection on a blank frame now, so the first real one does not pay for the warm-up
  // (and the spec §4 15 s do not start with it).
  const blank = document.createElement('canvas');
  blank.width = 128;
  blank.height = 128;
  await Promise.resolve(faceapi.detectAllFaces(blank, options)).catch(() => []);
  return {
    async detect(video) {
      if (video.readyState < 2 || video.videoWidth === 0) return null;
      const found = await faceapi.detectAllFaces(video, options);
      let best: FaceBox | null = null;
      for (const detection of found) {
        const { x, y, width, height } = detection.box;
        if (!best || width * height > best.width * best.height) best = { x, y, width, height };
      }
      return best;
    },
  };
}

/** Whether the browser's WebGL is a software renderer (no GPU). */
function softwareWebGl(): boolean {
  try {
    const gl = document.createElement('canvas').getContext('webgl');
    if (!gl) return true;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
    return /swiftshader|llvmpipe|software/i.test(renderer);
  } catch {
    return true;
  }
}
