import { describe, expect, it } from 'vitest';
import type { Node, Parent } from 'unist';
import { visit as referenceVisit, SKIP as REF_SKIP, EXIT as REF_EXIT } from 'unist-util-visit';
import { visit, SKIP, EXIT, CONTINUE } from '../../packages/engine/src/node/markdown/walk';
import { seededRandom } from '../helpers/seeded';

interface TestNode extends Node {
  id: number;
  children?: TestNode[];
}

const TYPES = ['a', 'b', 'c'];

function tree(random: (n: number) => number): TestNode {
  let id = 0;
  const make = (depth: number): TestNode => {
    const node: TestNode = { type: TYPES[random(TYPES.length)]!, id: id++ };
    if (depth < 4 && random(3) > 0) node.children = Array.from({ length: random(5) }, () => make(depth + 1));
    return node;
  };
  return make(0);
}

type Walk = (tree: TestNode, test: string | undefined, visitor: (node: TestNode, index: number | undefined, parent: Parent | undefined) => unknown) => void;

/**
 * What one walk saw, visiting with a visitor whose answer each time is drawn from `seed`: go on,
 * skip, exit, jump ahead, remove itself and go on at its index, add a sibling after itself, or
 * skip and jump. Both walks draw the same answers while they see the same nodes.
 */
function trace(walk: Walk, skip: unknown, exit: unknown, seed: number, test: string | undefined): string[] {
  const random = seededRandom(seed);
  const root = tree(random);
  let fresh = 1000;
  const seen: string[] = [];
  walk(root, test, (node, index, parent) => {
    seen.push(`${node.id}@${index ?? '-'}<${(parent as TestNode | undefined)?.id ?? '-'}`);
    if (seen.length > 400) return exit;
    const choice = random(20);
    if (choice < 9) return undefined;
    if (parent === undefined || index === undefined) return undefined;
    if (choice < 11) return skip;
    if (choice === 11) return random(4) === 0 ? exit : undefined;
    if (choice === 12) return index + 2;
    if (choice === 13 || choice === 14) {
      parent.children.splice(index, 1);
      return index;
    }
    if (choice === 15 && fresh < 1100) {
      parent.children.splice(index + 1, 0, { type: TYPES[random(TYPES.length)]!, id: fresh++ } as TestNode);
      return undefined;
    }
    if (choice === 16) return [skip, index + 1];
    if (choice === 17) return CONTINUE;
    return [CONTINUE];
  });
  return seen;
}

const reference: Walk = (root, test, visitor) => (test === undefined ? referenceVisit(root, visitor as never) : referenceVisit(root, test, visitor as never));
const ours: Walk = (root, test, visitor) => (test === undefined ? visit(root, visitor as never) : visit(root, test, visitor as never));

describe('visit (the engine tree walk)', () => {
  it('visits, skips, exits, jumps and follows splices exactly as unist-util-visit does, on 600 generated trees and visitors', () => {
    let visits = 0;
    for (let seed = 1; seed <= 600; seed++) {
      for (const test of [undefined, 'a']) {
        const expected = trace(reference, REF_SKIP, REF_EXIT, seed, test);
        expect(trace(ours, SKIP, EXIT, seed, test), `seed ${seed}, test ${test}`).toEqual(expected);
        visits += expected.length;
      }
    }
    // the generated trees are not trivial: thousands of visits in all
    expect(visits).toBeGreaterThan(5000);
  });

  it('visits in document order with each node index and parent', () => {
    const root: TestNode = { type: 'root', id: 0, children: [{ type: 'a', id: 1, children: [{ type: 'b', id: 2 }] }, { type: 'b', id: 3 }] };
    const seen: string[] = [];
    visit(root, (node, index, parent) => void seen.push(`${(node as TestNode).id}@${index ?? '-'}<${(parent as TestNode | undefined)?.id ?? '-'}`));
    expect(seen).toEqual(['0@-<-', '1@0<0', '2@0<1', '3@1<0']);
    const typed: number[] = [];
    visit(root, 'b', (node) => void typed.push((node as TestNode).id));
    expect(typed).toEqual([2, 3]);
  });
});
