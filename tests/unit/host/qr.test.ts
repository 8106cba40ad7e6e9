import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { drawQr, type QrDrawing } from '../../../src/host/qr.ts';

/** The drawing as a scanner sees it: RGBA pixels, each module `scale` pixels wide. */
function pixels(drawing: QrDrawing, scale: number): Uint8ClampedArray {
  const width = drawing.size * scale;
  const image = new Uint8ClampedArray(width * width * 4);
  for (let y = 0; y < width; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const value = drawing.dark(Math.floor(x / scale), Math.floor(y / scale)) ? 0 : 255;
      image.set([value, value, value, 255], (y * width + x) * 4);
    }
  }
  return image;
}

/** The path's rectangles, filled back into modules: what the SVG shows. */
function fromPath(drawing: QrDrawing): boolean[][] {
  const grid = Array.from({ length: drawing.size }, () => Array<boolean>(drawing.size).fill(false));
  for (const [, x, y, width] of drawing.path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let column = Number(x); column < Number(x) + Number(width); column += 1) {
      const row = grid[Number(y)];
      if (row) row[column] = true;
    }
  }
  return grid;
}

describe('the party’s QR code', () => {
  const links = [
    'http://localhost:4173/f/gfq3sEDsRaydqriezBw4AA',
    'https://la-cuenta.example.cl/f/Abc-_0123456789abcdefXY',
    `https://bar.example/f/${'x'.repeat(64)}`,
  ];

  it.each(links)('scans back to the link: %s', (link) => {
    const drawing = drawQr(link);
    const scale = 4;
    const found = jsQR(pixels(drawing, scale), drawing.size * scale, drawing.size * scale);
    expect(found?.data).toBe(link);
  });

  it('draws exactly the dark modules, with a quiet zone of 4', () => {
    const drawing = drawQr(links[0] ?? '');
    const grid = fromPath(drawing);
    for (let y = 0; y < drawing.size; y += 1) {
      for (let x = 0; x < drawing.size; x += 1) expect(grid[y]?.[x], `${x},${y}`).toBe(drawing.dark(x, y));
    }
    for (let i = 0; i < drawing.size; i += 1) {
      for (const [x, y] of [
        [i, 0],
        [i, 3],
        [0, i],
        [3, i],
        [i, drawing.size - 1],
        [drawing.size - 1, i],
      ] as const)
        expect(drawing.dark(x, y)).toBe(false);
    }
  });
});
