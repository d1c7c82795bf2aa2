import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';

/** Public URL of a content asset (image): `/assets/<name>.<hash>.<ext>`, hash of its bytes. */
export function assetUrlFor(source: string): string {
  const ext = path.extname(source);
  const base = path.basename(source, ext).replace(/[^\w.-]+/g, '-');
  const hash = createHash('sha256').update(fs.readFileSync(source).toString('latin1')).digest('hex').slice(0, 10);
  return `/assets/${base}.${hash}${ext}`;
}
