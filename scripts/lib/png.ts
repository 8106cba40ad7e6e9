/** A PNG file from its parts, for the scripts that write images of the app (make-screenshots.ts, make-receipts.ts). */
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, body: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * An 8-bit PNG: colour type 0 (grey) or 3 (a palette of RGB triples), `rows` already filtered (each row's
 * filter byte first), deflated at level 9.
 */
export function pngFile(image: { width: number; height: number; colourType: 0 | 3; palette?: readonly number[]; rows: Uint8Array }): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header.set([8, image.colourType, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(image.palette ? [chunk('PLTE', Uint8Array.from(image.palette))] : []),
    chunk('IDAT', deflateSync(image.rows, { level: 9 })),
    chunk('IEND', new Uint8Array()),
  ]);
}
