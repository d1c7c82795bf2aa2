import type { Node } from 'unist';

interface FileData { data?: { sourceFile?: string } }

/** The file a node came from: nodes spliced in by `<Include>` remember their partial. */
export function fileOf(node: Node, fallback: string): string {
  return (node as FileData).data?.sourceFile ?? fallback;
}

export function setSourceFile(node: Node, file: string): void {
  const n = node as FileData;
  n.data = { ...(n.data ?? {}), sourceFile: file };
}
