import fs from 'node:fs';
import path from 'node:path';
import { diagnostic, type Diagnostic, type Place } from '../../shared/diagnostic';
import { fileSystemDiagnostic } from './fs-errors';

/**
 * The site's file boundary. Content, config and spec come from pull requests we do not trust, so
 * every read they can cause goes through here: the path is resolved to its real location (symlinks
 * followed first) and must stay inside the site root. Reads docsgen makes of its own code (the
 * default theme, node_modules) do not.
 */
export class SiteBoundary {
  /** The site root's real path. */
  readonly root: string;
  /** The site root as given (absolute), for paths that do not exist yet. */
  private readonly given: string;

  constructor(root: string) {
    this.given = path.resolve(root);
    this.root = fs.realpathSync(this.given);
  }

  /** True when `real` (an already real path) is the root or inside it. */
  private holds(real: string): boolean {
    return real === this.root || real.startsWith(this.root + path.sep);
  }

  /**
   * The real path of `file` when it exists and is inside the site, else null. A path whose real
   * location is outside (through `..` or a symlink) is treated as missing by callers that only ask
   * this; callers that must explain use `check`.
   */
  resolve(file: string): string | null {
    try {
      const real = fs.realpathSync(file);
      return this.holds(real) ? real : null;
    } catch {
      return null;
    }
  }

  /**
   * Null when `file` may be read (inside the site, or missing: the caller reports missing files in
   * its own words); otherwise an `OutsideSite` diagnostic at `at` naming what was asked for.
   */
  check(file: string, asked: string, at: Place): Diagnostic | null {
    let real: string;
    try {
      real = fs.realpathSync(file);
    } catch {
      // Missing: reject a written path that climbs out even so, before it is ever created.
      return isInside(this.given, path.resolve(file)) || isInside(this.root, path.resolve(file)) ? null : outside(asked, at);
    }
    return this.holds(real) ? null : outside(asked, at, real !== path.resolve(file));
  }

  /**
   * The real path and kind of an entry a listed folder holds (`static/`, `content/`), or why it may
   * not be read: `FileSystemError` for a dangling link or a link loop, `OutsideSite` when its real
   * location is outside the site.
   */
  follow(full: string, asked: string): { real: string; stat: fs.Stats } | Diagnostic {
    let real: string;
    try {
      real = fs.realpathSync(full);
    } catch (error) {
      return fileSystemDiagnostic(error as NodeJS.ErrnoException, this.root, full);
    }
    return this.holds(real) ? { real, stat: fs.statSync(real) } : outside(asked, { file: full }, real !== path.resolve(full));
  }

  /** Reads a text file that `check` allowed (a UTF-8 BOM is dropped). */
  readText(file: string): string {
    return stripBom(fs.readFileSync(file, 'utf8'));
  }
}

const outside = (asked: string, at: Place, viaLink = false): Diagnostic =>
  diagnostic('OutsideSite', `${asked} is outside the site folder${viaLink ? ' (through a symbolic link)' : ''}`, at, {
    hint: 'a site may only read files inside its own folder; copy the file into the site',
  });

/** True when `inner` is `outer` or below it (both absolute, not resolved). */
export function isInside(outer: string, inner: string): boolean {
  const rel = path.relative(outer, inner);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

export const stripBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
