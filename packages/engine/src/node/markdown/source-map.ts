import type { Node } from 'unist';
import { visit } from './walk';
import type { Diagnostic } from '../../shared/diagnostic';
import { lastAtOrBefore, lineColumn, lineStarts } from '../../shared/line-starts';

/** One `{{…}}` replacement: its span in the file and the span of its value in the substituted text. */
export interface Replacement {
  from: number;
  to: number;
  textFrom: number;
  textTo: number;
}

interface Point {
  line: number;
  column: number;
  offset?: number;
}

/**
 * Maps positions in the variable-substituted text (what the parser saw) back to the file the
 * author wrote, so a link after `{{provider.apiTest}}` is reported at its column in the file.
 */
export class SourceMap {
  private textLines?: number[];
  private fileLines?: number[];
  private textStarts?: number[];

  constructor(
    private readonly original: string,
    private readonly text: string,
    private readonly replacements: readonly Replacement[],
  ) {}

  /** True when the parsed text is the file itself (no variables): nothing needs mapping. */
  get identity(): boolean {
    return this.replacements.length === 0;
  }

  /** An offset in the substituted text → the offset in the file; inside a value, its `{{` or its end. */
  offset(textOffset: number): number {
    if (this.identity || textOffset < this.replacements[0]!.textFrom) return textOffset;
    this.textStarts ??= this.replacements.map((r) => r.textFrom);
    const r = this.replacements[lastAtOrBefore(this.textStarts, textOffset)]!;
    if (textOffset >= r.textTo) return r.to + (textOffset - r.textTo);
    return textOffset === r.textFrom ? r.from : Math.min(r.to, r.from + (textOffset - r.textFrom));
  }

  /** A 1-based line and column in the substituted text → the same place in the file. */
  point(line: number, column: number): Point {
    this.textLines ??= lineStarts(this.text);
    const start = this.textLines[Math.min(line, this.textLines.length) - 1] ?? 0;
    return this.pointAt(this.offset(start + column - 1));
  }

  private pointAt(fileOffset: number): Point {
    this.fileLines ??= lineStarts(this.original);
    return { ...lineColumn(this.fileLines, fileOffset), offset: fileOffset };
  }

  /**
   * Rewrites every position of a tree parsed from the substituted text to file positions: its
   * nodes' and their JSX attributes' (which are not children).
   */
  mapTree(tree: Node): void {
    if (this.identity) return;
    visit(tree, (node) => {
      this.mapPosition(node.position);
      const attributes = (node as { attributes?: unknown }).attributes;
      if (Array.isArray(attributes)) for (const attribute of attributes as Node[]) this.mapPosition(attribute.position);
    });
  }

  private mapPosition(position: Node['position']): void {
    if (!position) return;
    for (const point of [position.start, position.end]) {
      const mapped = point.offset === undefined ? this.point(point.line, point.column) : this.pointAt(this.offset(point.offset));
      point.line = mapped.line;
      point.column = mapped.column;
      if (point.offset !== undefined) point.offset = mapped.offset;
    }
  }

  /** Diagnostics positioned in the substituted text, positioned in the file. */
  mapDiagnostics(list: Diagnostic[]): Diagnostic[] {
    if (this.identity) return list;
    return list.map((d) => {
      if (d.line === undefined) return d;
      const mapped = this.point(d.line, d.column ?? 1);
      return { ...d, line: mapped.line, column: d.column === undefined ? undefined : mapped.column };
    });
  }
}
