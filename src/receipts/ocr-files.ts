/**
 * The OCR engine's files, as build/ocr-files.ts copies them from node_modules
 * into one folder of the build named by their digest (`/assets/ocr-<hash>/`):
 * side by side, because the core asks for its wasm next to the worker that
 * loads it, by the name it was built with.
 */

/** A file of a package in node_modules, kept by its own name in the build's folder. */
const fileOf = (folder: string, name: string) => ({ from: `${folder}/${name}`, name });

/** From node_modules: the package, the file in it, and its name in the build's folder. */
export const OCR_SOURCES: readonly { readonly from: string; readonly name: string }[] = [
  ...['tesseract.esm.min.js', 'worker.min.js'].map((name) => fileOf('tesseract.js/dist', name)),
  // The core with SIMD and without (a phone without it), each its script and its wasm.
  ...['simd-lstm', 'lstm'].flatMap((core) => ['js', 'wasm'].map((end) => fileOf('tesseract.js-core', `tesseract-core-${core}.${end}`))),
  // The smaller, integer model (2.1 MB): as good on a bill as the 8.4 MB one, and faster.
  { from: '@tesseract.js-data/spa/4.0.0_best_int/spa.traineddata.gz', name: 'spa.traineddata.gz' },
];

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
