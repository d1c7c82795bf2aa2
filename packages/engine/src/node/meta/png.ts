import zlib from 'node:zlib';

/** What `encodePng` needs of node:zlib (passed in: the card worker runs the function's own source). */
export type PngZlib = Pick<typeof zlib, 'deflateSync' | 'crc32'>;

/**
 * Encodes opaque RGBA pixels (8 bits a channel, rows top to bottom) as a PNG of the same pixels:
 * no filter on any row, deflated by zlib at its default level. `null` when a pixel is not opaque:
 * resvg's pixels are then premultiplied, and its own encoder is the one that undoes that. A
 * social card is always opaque: this takes about two thirds of resvg's encoding time (which
 * filters every row and deflates faster and weaker), for a file a third smaller.
 *
 * Self-contained on purpose (no import, no inner function): the card worker, a program given as
 * text, is handed this function's source, so both threads write the same bytes.
 */
export function encodePng(zlibApi: PngZlib, rgba: Uint8Array, width: number, height: number): Buffer | null {
  const stride = width * 4;
  if (rgba.length !== stride * height) throw new Error(`${rgba.length} bytes are not ${width}×${height} RGBA pixels`);
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return null;
  // each row behind its filter byte (0: none); every byte is written, so the buffer is not cleared first
  const rows = Buffer.allocUnsafe((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    rows[y * (stride + 1)] = 0;
    rows.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const parts: Buffer[] = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])];
  for (const [type, data] of [['IHDR', header], ['IDAT', zlibApi.deflateSync(rows)], ['IEND', Buffer.alloc(0)]] as const) {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlibApi.crc32(data, zlibApi.crc32(type)) >>> 0, 0);
    parts.push(head, data, crc);
  }
  return Buffer.concat(parts);
}

/** `encodePng` with this thread's zlib. */
export const pngOf = (rgba: Uint8Array, width: number, height: number): Buffer | null => encodePng(zlib, rgba, width, height);
