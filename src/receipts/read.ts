/**
 * From a photo of the bar's bill to the draft the host corrects (issue 41):
 * the photo made readable (prepare.ts), read by the phone's OCR (ocr.ts), its
 * text typed and corrected by the bill's own rules and the party's list
 * (receipt-check.ts, shared with the `host` function).
 */
import { draftFromText, type ListedProduct, type ReceiptDraft } from '../../supabase/functions/_shared/receipt-check.ts';
import { flatFieldThreshold, greyOf, pgmOf, scaleFor, type GreyImage, type Pixels } from './prepare.ts';
import { recognize, type OnProgress } from './ocr.ts';

/** Share of paper-white pixels above which an image is a scan or a screenshot, not a photo: OCR reads it as it is. */
const SCANNED = 0.6;

/** A scan or a screenshot: mostly pure white. A photo's paper is never that white all over. */
export function looksScanned(grey: Uint8Array): boolean {
  let white = 0;
  for (const value of grey) if (value >= 235) white += 1;
  return white >= grey.length * SCANNED;
}

/** The image OCR gets: a photo through the flat-field threshold, a scan in grey as it is. */
export function prepared(pixels: Pixels): GreyImage {
  const grey = greyOf(pixels);
  return looksScanned(grey) ? { width: pixels.width, height: pixels.height, grey } : flatFieldThreshold(pixels);
}

/** The photo's pixels at the size OCR reads best, drawn upright (a phone's photo carries its turn in EXIF). */
export async function pixelsOf(photo: Blob): Promise<Pixels> {
  const bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  const scale = scaleFor(bitmap.width, bitmap.height);
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2d canvas');
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return { width, height, data: context.getImageData(0, 0, width, height).data };
}

/** The draft of a photo of the bill, read on the phone, with progress while the engine reads. */
export async function readOnPhone(photo: Blob, list: readonly ListedProduct[], onProgress?: OnProgress): Promise<ReceiptDraft> {
  const text = await recognize(pgmOf(prepared(await pixelsOf(photo))), onProgress);
  return draftFromText(text, list, { misreads: true });
}
