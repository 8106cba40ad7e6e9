/**
 * Reading a photo of the bar's bill (issue 41), the host's alone: on the phone
 * with tesseract.js (no signal needed once 'Cuenta del bar' has loaded the
 * engine), and the photo made small enough to send to the `host` function's
 * vision model when there is signal.
 */
export { engineFiles, startEngine, type OnProgress } from './ocr.ts';
export { photoForModel } from './photo.ts';
export { readOnPhone } from './read.ts';
