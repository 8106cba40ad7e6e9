/**
 * The phone's OCR (issue 41): tesseract.js with its Spanish data, every file
 * from the app's own origin (build/ocr-files.ts puts the worker, the core and
 * its wasm, and the language data side by side under one hashed folder), never
 * a CDN. One engine per page, started when the host opens 'Cuenta del bar'
 * and kept while the page lives; its files are kept by the service worker, so
 * a photo taken with no signal is read all the same.
 */
import type Tesseract from 'tesseract.js';
import { keepEngine } from './keep.ts';
import { ocrFiles } from './ocr-files.ts';

/** The build names the folder (build/ocr-files.ts). */
const OCR_FILES = ocrFiles(import.meta.env.VITE_OCR_DIR);

export type Engine = Pick<Tesseract.Worker, 'recognize' | 'terminate'>;

/** Progress of a reading, 0 to 1, as the engine reports it (loading, then recognizing). */
export type OnProgress = (share: number) => void;

/** One byte that only a wasm engine with SIMD compiles: the faster core where the phone has it (most do). */
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);

export function hasSimd(): boolean {
  try {
    return WebAssembly.validate(SIMD_PROBE);
  } catch {
    return false;
  }
}

/** The engine's files for this phone: the core it can run, and the rest. */
export function engineFiles(simd = hasSimd()): string[] {
  const core = simd ? OCR_FILES.coreSimd : OCR_FILES.core;
  return [OCR_FILES.api, OCR_FILES.worker, core, core.replace(/\.js$/, '.wasm'), `${OCR_FILES.dir}${OCR_FILES.language}`];
}

let engine: Promise<Engine> | null = null;
let listener: OnProgress | null = null;

/** The page's engine, started once; a failed start is forgotten, so the next photo tries again. */
export function startEngine(onProgress?: OnProgress): Promise<Engine> {
  if (onProgress) listener = onProgress;
  engine ??= (async () => {
    // tesseract.js itself is one of the engine's files, from the same folder: not in the app's bundles or lists.
    const { createWorker, OEM, PSM } = ((await import(/* @vite-ignore */ OCR_FILES.api)) as { default: typeof Tesseract }).default;
    const simd = hasSimd();
    const worker = await createWorker('spa', OEM.LSTM_ONLY, {
      workerPath: OCR_FILES.worker,
      corePath: simd ? OCR_FILES.coreSimd : OCR_FILES.core,
      langPath: OCR_FILES.dir.replace(/\/$/, ''),
      // The service worker keeps the data; a second copy in IndexedDB would only fill the phone.
      cacheMethod: 'none',
      // A worker from a blob: address would need the policy to allow blob: workers.
      workerBlobURL: false,
      logger: (message) => {
        if (message.status === 'recognizing text') listener?.(message.progress);
      },
    });
    // One block of lines, spaces kept: a bill's columns read as the till printed them.
    await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK, preserve_interword_spaces: '1', user_defined_dpi: '300', tessedit_do_invert: '0' });
    // Every file is in the HTTP cache now: kept for a photo with no signal.
    void keepEngine(engineFiles(simd), OCR_FILES.dir).catch(() => undefined);
    return worker;
  })().catch((error: unknown) => {
    engine = null;
    throw error;
  });
  return engine;
}

/** The text of a prepared image (an image file's bytes: prepare.ts's PGM), with progress while it reads. */
export async function recognize(file: Uint8Array, onProgress?: OnProgress): Promise<string> {
  listener = onProgress ?? null;
  const worker = await startEngine();
  try {
    const { data } = await worker.recognize(new Blob([file as Uint8Array<ArrayBuffer>]));
    return data.text;
  } finally {
    listener = null;
  }
}
