/**
 * The photo as the `host` function's vision model gets it: a JPEG data URL
 * small enough for the function's limit (MAX_PHOTO_BYTES, well under the
 * gateway's megabyte), the long side at most 1600 pixels, as sharp as fits.
 */
import { MAX_PHOTO_BYTES } from '../../supabase/functions/_shared/receipt-model.ts';

const LONG_SIDE = 1600;
const QUALITIES = [0.85, 0.7, 0.55, 0.4] as const;

async function dataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return `data:${blob.type};base64,${btoa(binary)}`;
}

/** The photo upright, scaled and compressed until it fits; null if even the smallest does not. */
export async function photoForModel(photo: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  const scale = Math.min(1, LONG_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = new OffscreenCanvas(Math.max(1, Math.round(bitmap.width * scale)), Math.max(1, Math.round(bitmap.height * scale)));
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  for (const quality of QUALITIES) {
    const url = await dataUrl(await canvas.convertToBlob({ type: 'image/jpeg', quality }));
    if (url.length <= MAX_PHOTO_BYTES) return url;
  }
  return null;
}
