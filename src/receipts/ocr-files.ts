/**
 * The OCR engine's files, as build/ocr-files.ts copies them from node_modules
 * into one folder of the build named by their digest (`/assets/ocr-<hash>/`):
 * side by side, because the core asks for its wasm next to the worker that
 * loads it, by the name it was built with.
 */

/** From node_modules: the package, the file in it, and its name in the build's folder. */
export const OCR_SOURCES = [
  { from: 'tesseract.js/dist/tesseract.esm.min.js', name: 'tesseract.esm.min.js' },
  { from: 'tesseract.js/dist/worker.min.js', name: 'worker.min.js' },
  { from: 'tesseract.js-core/tesseract-core-simd-lstm.js', name: 'tesseract-core-simd-lstm.js' },
  { from: 'tesseract.js-core/tesseract-core-simd-lstm.wasm', name: 'tesseract-core-simd-lstm.wasm' },
  { from: 'tesseract.js-core/tesseract-core-lstm.js', name: 'tesseract-core-lstm.js' },
  { from: 'tesseract.js-core/tesseract-core-lstm.wasm', name: 'tesseract-core-lstm.wasm' },
  // The smaller, integer model (2.1 MB): as good on a bill as the 8.4 MB one, and faster.
  { from: '@tesseract.js-data/spa/4.0.0_best_int/spa.traineddata.gz', name: 'spa.traineddata.gz' },
] as const;

/** The engine's files under the build's folder for them (`dir` ends in '/'). */
export function ocrFiles(dir: string) {
  return {
    dir,
    api: `${dir}tesseract.esm.min.js`,
    worker: `${dir}worker.min.js`,
    core: `${dir}tesseract-core-lstm.js`,
    coreSimd: `${dir}tesseract-core-simd-lstm.js`,
    language: 'spa.traineddata.gz',
  } as const;
}
