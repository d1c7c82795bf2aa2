import fs from 'node:fs';
import type { Diagnostic } from '../../shared/diagnostic';
import { checkFileSize } from './limits';

/*
 * Reading a content file within the size limit. Kept apart from the parser, which the content
 * stage loads only when a page needs compiling (a warm build never does).
 */

/**
 * A file's text (and the bytes it was decoded from, which fingerprint the page: the cache must
 * describe the text that compiled, even when the file changes while the build runs), or
 * FileTooLarge and only the file's head: a file that large is not content.
 */
export type SourceRead = { text: string; bytes: Buffer } | { problem: Diagnostic; head: string };

const whole = (bytes: Buffer): SourceRead => ({ text: bytes.toString('utf8'), bytes });

/** How much of a file too large to compile is read for its frontmatter (its title names it in the site). */
const HEAD_BYTES = 64 * 1024;

const head = (problem: Diagnostic, bytes: Buffer, length: number): SourceRead => ({ problem, head: bytes.subarray(0, length).toString('utf8') });

/** Reads disk. */
export function readSource(file: string): SourceRead {
  const problem = checkFileSize(fs.statSync(file).size, file);
  if (!problem) return whole(fs.readFileSync(file));
  const bytes = Buffer.alloc(HEAD_BYTES);
  const fd = fs.openSync(file, 'r');
  try {
    return head(problem, bytes, fs.readSync(fd, bytes, 0, HEAD_BYTES, 0));
  } finally {
    fs.closeSync(fd);
  }
}
