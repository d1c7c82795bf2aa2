import zlib from 'node:zlib';

/** What `encodePng` needs of node:zlib (passed in: the card worker runs the function's own source). */
export type PngZlib = Pick<typeof zlib, 'deflateSync' | 'crc32'>;

/**
 * Encodes opaque RGBA pixels (8 bits a channel, rows top to bottom) as a PNG of the same pixels,
 * no filter on any row, deflated by zlib at its default level. With at most 256 colours (a card
 * has about a hundred: its few colours and the shades at the edges of its text) the PNG is a
 * palette image, one byte a pixel: that deflates in about half the time of the RGBA rows, to a file
 * a third smaller. More colours: RGBA. `null` when a pixel is not opaque: resvg's pixels are then
 * premultiplied, and its own encoder is the one that undoes that. (resvg's encoder filters every
 * row and writes RGBA; this takes a fraction of its time, for a file less than half its size.)
 *
 * Self-contained on purpose (no import, no inner function): the card worker, a program given as
 * text, is handed this function's source, so both threads write the same bytes.
 */
export function encodePng(zlibApi: PngZlib, rgba: Uint8Array, width: number, height: number): Buffer | null {
  const stride = width * 4;
  if (rgba.length !== stride * height) throw new Error(`${rgba.length} bytes are not ${width}×${height} RGBA pixels`);
  // Each pixel as one 32-bit word, to find its colour's palette index (the bytes' order in the word does not matter).
  const aligned = rgba.byteOffset % 4 === 0 ? rgba : rgba.slice();
  const words = new Uint32Array(aligned.buffer, aligned.byteOffset, width * height);
  const indexOf = new Map<number, number>();
  const firstPixel: number[] = []; // per palette entry, a pixel of its colour
  let rows: Buffer | null = Buffer.allocUnsafe((width + 1) * height);
  // A card is mostly runs of one colour: each run is looked up once and filled in one call.
  rowsLoop: for (let y = 0, at = 0, pixel = 0; y < height; y++) {
    rows[at++] = 0; // the row's filter: none
    for (const end = pixel + width; pixel < end; ) {
      const word = words[pixel]!;
      let next = pixel + 1;
      while (next < end && words[next] === word) next++;
      let index = indexOf.get(word);
      if (index === undefined) {
        if (rgba[pixel * 4 + 3] !== 255) return null;
        if (firstPixel.length === 256) {
          rows = null;
          break rowsLoop;
        }
        index = firstPixel.length;
        indexOf.set(word, index);
        firstPixel.push(pixel);
      }
      rows.fill(index, at, at + next - pixel);
      at += next - pixel;
      pixel = next;
    }
  }
  let palette: Buffer | null = null;
  if (rows) {
    palette = Buffer.allocUnsafe(firstPixel.length * 3);
    for (let index = 0; index < firstPixel.length; index++) palette.set(rgba.subarray(firstPixel[index]! * 4, firstPixel[index]! * 4 + 3), index * 3);
  } else {
    for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return null;
    // each row behind its filter byte (0: none); every byte is written, so the buffer is not cleared first
    rows = Buffer.allocUnsafe((stride + 1) * height);
    for (let y = 0; y < height; y++) {
      rows[y * (stride + 1)] = 0;
      rows.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel, or per palette index
  header[9] = palette ? 3 : 6; // indexed colour, or RGBA
  const chunks: Array<readonly [string, Buffer]> = [['IHDR', header], ...(palette ? [['PLTE', palette] as const] : []), ['IDAT', zlibApi.deflateSync(rows)], ['IEND', Buffer.alloc(0)]];
  const parts: Buffer[] = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])];
  for (const [type, data] of chunks) {
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
