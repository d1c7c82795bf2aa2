import path from 'node:path';
import { diagnostic, type Diagnostic } from '../../shared/diagnostic';

/** What an operating-system error code means for an author, in plain words. */
const MEANING: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'the operation is not permitted',
  EISDIR: 'a folder is where a file was expected',
  ENOTDIR: 'a file is where a folder was expected',
  ENOENT: 'it does not exist',
  EEXIST: 'it already exists',
  EFBIG: 'the file is too large',
  ENAMETOOLONG: 'the name is too long',
  EMFILE: 'too many files are open',
  ELOOP: 'too many symbolic links (a loop?)',
  EIO: 'an input/output error',
  ERR_FS_FILE_TOO_LARGE: 'the file is too large to read',
  ERR_STRING_TOO_LONG: 'the file is too large to read as text',
};

/** True for an error thrown by the file system (it has a known code). */
export function isFileSystemError(error: unknown): error is NodeJS.ErrnoException {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && code in MEANING;
}

/** A file-system failure as one plain diagnostic (never a stack): what, where, and why. */
export function fileSystemDiagnostic(error: NodeJS.ErrnoException, root: string, file?: string): Diagnostic {
  const where = file ?? error.path ?? (error as { dest?: string }).dest ?? root;
  const action = error.syscall ? ` (${error.syscall})` : '';
  return diagnostic('FileSystemError', `cannot ${verbOf(error.syscall)} ${path.relative(process.cwd(), where) || where}: ${MEANING[error.code!]}${action}`, { file: where }, {
    hint: error.code === 'ENOSPC' || error.code === 'EDQUOT' ? 'free some disk space and build again; the previous output was left as it was' : undefined,
  });
}

const verbOf = (syscall: string | undefined): string => {
  if (!syscall) return 'use';
  if (syscall === 'access') return 'write to';
  if (/^(open|read|stat|lstat|scandir|readlink|realpath)/.test(syscall)) return syscall.startsWith('open') ? 'open' : 'read';
  if (/^(write|mkdir|rename|copyfile|symlink|unlink|rmdir|rm)/.test(syscall)) return 'write';
  return 'use';
};
