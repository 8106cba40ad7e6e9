/**
 * A party's QR code, made on the phone (it works offline and prints): the
 * link's modules as one SVG path, dark runs of a row drawn as one rectangle.
 * Error correction M, so a printed code survives a fold or a drop of beer;
 * a quiet zone of 4 modules, as scanners expect.
 */
import { encode } from 'uqr';

export interface QrDrawing {
  /** Width and height in modules, the quiet zone included. */
  readonly size: number;
  /** The dark modules, for `<path d>` in a `viewBox` of `0 0 size size`. */
  readonly path: string;
  /** Whether the module at (x, y) is dark: for tests and for printing at any scale. */
  readonly dark: (x: number, y: number) => boolean;
}

const QUIET_ZONE = 4;

export function drawQr(text: string): QrDrawing {
  const { data, size } = encode(text, { ecc: 'M', border: QUIET_ZONE });
  const runs: string[] = [];
  data.forEach((row, y) => {
    let x = 0;
    while (x < size) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < size && row[x]) x += 1;
      runs.push(`M${start} ${y}h${x - start}v1h${start - x}z`);
    }
  });
  return { size, path: runs.join(''), dark: (x, y) => data[y]?.[x] === true };
}
