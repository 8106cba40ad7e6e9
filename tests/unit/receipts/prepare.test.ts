/**
 * The photo made readable before OCR (issue 41): a flat-field threshold turns
 * ink black and paper white under a lamp to one side, where one threshold for
 * the whole photo would lose the dark side; a scan stays as it is; the engine
 * gets a PGM file.
 */
import { describe, expect, it } from 'vitest';
import { flatFieldThreshold, greyOf, INK, pgmOf, scaleFor, type Pixels } from '../../../src/receipts/prepare.ts';
import { looksScanned, prepared } from '../../../src/receipts/read.ts';

/** A page 200 × 60 lit from the left (paper 240 there, 90 on the right), with a 4-pixel ink stroke every 20 columns at 35% of the paper. */
function litPage(): Pixels {
  const width = 200;
  const height = 60;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const paper = 240 - (150 * x) / width;
      const ink = x % 20 < 4 && y > 20 && y < 40;
      const value = Math.round(ink ? paper * 0.35 : paper);
      data.set([value, value, value, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

const at = (image: { width: number; grey: Uint8Array }, x: number, y: number) => image.grey[y * image.width + x];

describe('the flat-field threshold', () => {
  it('makes ink black and paper white on the lit side and on the dark side alike', () => {
    const image = flatFieldThreshold(litPage());
    expect([at(image, 1, 30), at(image, 181, 30)]).toEqual([0, 0]);
    expect([at(image, 10, 30), at(image, 190, 30), at(image, 10, 5), at(image, 190, 55)]).toEqual([255, 255, 255, 255]);
    // One threshold for the whole page (its mean) would call the dark side's paper ink.
    const grey = greyOf(litPage());
    const mean = grey.reduce((sum, value) => sum + value, 0) / grey.length;
    expect(grey[30 * 200 + 190]).toBeLessThan(mean * INK);
  });

  it('leaves a scan (mostly pure white) in grey, and thresholds a photo', () => {
    const white = new Uint8ClampedArray(10 * 10 * 4).fill(255);
    expect(looksScanned(new Uint8Array(100).fill(250))).toBe(true);
    expect(looksScanned(new Uint8Array(100).fill(180))).toBe(false);
    expect(prepared({ width: 10, height: 10, data: white }).grey.every((value) => value === 255)).toBe(true);
    expect(new Set(prepared(litPage()).grey)).toEqual(new Set([0, 255]));
  });

  it('hands the engine a binary PGM, and keeps a phone’s photo to 2000 pixels on its long side', () => {
    const file = pgmOf({ width: 3, height: 2, grey: Uint8Array.from([0, 255, 0, 255, 0, 255]) });
    expect(new TextDecoder().decode(file.subarray(0, 11))).toBe('P5\n3 2\n255\n');
    expect([...file.subarray(11)]).toEqual([0, 255, 0, 255, 0, 255]);
    expect(scaleFor(4000, 3000)).toBe(0.5);
    expect(scaleFor(900, 1200)).toBe(1);
  });
});
