/**
 * A photo of a bill made readable for OCR (issue 41; measured in
 * /work/shared/notes/receipts.md): grey, then a flat-field threshold, which
 * takes out a lamp to one side, grain and a paper that is not white. Each
 * pixel is compared with the mean of the 51 × 51 box around it (an integral
 * image makes every box one lookup): black below 0.88 of that mean, else
 * white. Pure over RGBA pixels, so it runs the same in a canvas, in a worker
 * and in a unit test. The result goes to the engine as a PGM file (a header
 * and a byte a pixel): nothing to compress on the phone, nothing to decode in
 * the engine.
 */

export interface Pixels {
  readonly width: number;
  readonly height: number;
  /** RGBA, row by row, as a canvas's ImageData holds it. */
  readonly data: Uint8ClampedArray;
}

/** The box around each pixel: about a line of print tall on a bill photographed whole. */
export const BOX = 51;
/** Below this share of the box's mean a pixel is ink. */
export const INK = 0.88;
/** The longest side OCR gets: a phone's 4000-pixel photo has letters ten times taller than it needs. */
export const MAX_SIDE = 2000;

/** The scale that brings the photo's longest side to MAX_SIDE at most; never larger. */
export function scaleFor(width: number, height: number): number {
  return Math.min(1, MAX_SIDE / Math.max(width, height, 1));
}

/** Grey, by luma (ITU-R BT.601), one byte a pixel. */
export function greyOf({ width, height, data }: Pixels): Uint8Array {
  const grey = new Uint8Array(width * height);
  for (let at = 0, pixel = 0; pixel < grey.length; at += 4, pixel += 1) {
    grey[pixel] = ((data[at] ?? 0) * 299 + (data[at + 1] ?? 0) * 587 + (data[at + 2] ?? 0) * 114) / 1000;
  }
  return grey;
}

/** One byte a pixel, 0 for ink and 255 for paper. */
export interface GreyImage {
  readonly width: number;
  readonly height: number;
  readonly grey: Uint8Array;
}

/** The flat-field threshold of the photo: black ink on white. */
export function flatFieldThreshold(pixels: Pixels, box = BOX, ink = INK): GreyImage {
  const { width, height } = pixels;
  const grey = greyOf(pixels);
  // Sums of every rectangle from the origin: (width + 1) × (height + 1), a row and a column of zeros first.
  const stride = width + 1;
  const integral = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y += 1) {
    let row = 0;
    for (let x = 0; x < width; x += 1) {
      row += grey[y * width + x] ?? 0;
      integral[(y + 1) * stride + x + 1] = (integral[y * stride + x + 1] ?? 0) + row;
    }
  }
  const half = Math.floor(box / 2);
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const top = Math.max(0, y - half);
    const bottom = Math.min(height, y + half + 1);
    for (let x = 0; x < width; x += 1) {
      const left = Math.max(0, x - half);
      const right = Math.min(width, x + half + 1);
      const sum =
        (integral[bottom * stride + right] ?? 0) -
        (integral[top * stride + right] ?? 0) -
        (integral[bottom * stride + left] ?? 0) +
        (integral[top * stride + left] ?? 0);
      const mean = sum / ((bottom - top) * (right - left));
      out[y * width + x] = (grey[y * width + x] ?? 0) < mean * ink ? 0 : 255;
    }
  }
  return { width, height, grey: out };
}

/** The image as a binary PGM file (P5), which the engine reads as it is. */
export function pgmOf({ width, height, grey }: GreyImage): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const file = new Uint8Array(header.length + grey.length);
  file.set(header);
  file.set(grey, header.length);
  return file;
}
