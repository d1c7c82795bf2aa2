import { defaultHandlers, type Handlers } from 'mdast-util-to-hast';
import type { List } from 'mdast';

/**
 * A stand-in parent for each list's items, made once per list. mdast-util-to-hast decides for
 * every item whether its list is loose by scanning the whole list again, which is quadratic in
 * the list's length (42,000 one-line items took 5 s to turn into HTML). The stand-in carries the
 * answer in `spread` and has no children, so the same check costs nothing and gives the same HTML.
 */
const standIns = new WeakMap<List, List>();

function looseStandIn(list: List): List {
  let standIn = standIns.get(list);
  if (!standIn) {
    // the library's own rule: the list's spread, else any item's spread, else an item of several blocks
    const loose = Boolean(list.spread) || list.children.some((item) => item.spread ?? item.children.length > 1);
    standIn = { type: 'list', spread: loose, children: [] };
    standIns.set(list, standIn);
  }
  return standIn;
}

/** toHast handlers that keep lists linear in their length; pass as `handlers`. */
export const linearListHandlers: Partial<Handlers> = {
  listItem: (state, node, parent) => defaultHandlers.listItem(state, node, parent?.type === 'list' ? looseStandIn(parent) : parent),
};
