import type { Node as UnistNode, Parent as UnistParent } from 'unist';
import type { BuildVisitor } from 'unist-util-visit';

/**
 * `visit` of unist-util-visit, for the engine's own transforms: the same order, the same visitor
 * arguments and the same answers (`SKIP`, `EXIT`, an index to go on at, or `[action, index]`;
 * children are read again after each visit, so a visitor may splice its parent), with a type
 * string or no test. unist-util-visit-parents makes, for each node, a closure, a copy of the
 * ancestors array and a `name` defined on that closure for stack traces; at 10,000 pages that
 * machinery alone was about 7 s of a 51 s content stage (CPU profile, self time). This walk makes
 * nothing per node. tests/unit/walk.test.ts holds it to unist-util-visit on generated trees and
 * visitors that skip, exit, jump and splice.
 */
export const CONTINUE = true;
export const EXIT = false;
export const SKIP = 'skip';

type Answer = typeof CONTINUE | typeof EXIT | typeof SKIP | number | undefined | void | readonly [(typeof CONTINUE | typeof EXIT | typeof SKIP)?, number?];
type AnyVisitor = (node: UnistNode, index: number | undefined, parent: UnistParent | undefined) => Answer;

export function visit<Tree extends UnistNode, Check extends string>(tree: Tree, type: Check, visitor: BuildVisitor<Tree, Check>): void;
export function visit<Tree extends UnistNode>(tree: Tree, visitor: BuildVisitor<Tree>): void;
export function visit(tree: UnistNode, typeOrVisitor: unknown, maybeVisitor?: unknown): void {
  const type = typeof typeOrVisitor === 'string' ? typeOrVisitor : undefined;
  const visitor = (typeof typeOrVisitor === 'function' ? typeOrVisitor : maybeVisitor) as AnyVisitor;
  let exited = false;

  /** Visits `node` and its descendants; returns the index its parent goes on at. */
  const one = (node: UnistNode, index: number | undefined, parent: UnistParent | undefined): number => {
    let next = index === undefined ? 0 : index + 1;
    let skip = false;
    if (type === undefined || node.type === type) {
      const answer = visitor(node, index, parent);
      if (answer !== undefined && answer !== null && answer !== CONTINUE) {
        const action = typeof answer === 'object' ? answer[0] : typeof answer === 'number' ? CONTINUE : answer;
        const at = typeof answer === 'object' ? answer[1] : typeof answer === 'number' ? answer : undefined;
        if (action === EXIT) {
          exited = true;
          return next;
        }
        if (action === SKIP) skip = true;
        if (typeof at === 'number') next = at;
      }
    }
    const children = (node as Partial<UnistParent>).children;
    if (!skip && children) {
      let offset = 0;
      while (offset > -1 && offset < children.length) {
        offset = one(children[offset]!, offset, node as UnistParent);
        if (exited) break;
      }
    }
    return next;
  };
  one(tree, undefined, undefined);
}
