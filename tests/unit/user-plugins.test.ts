import { describe, expect, it } from 'vitest';
import type { Root } from 'mdast';
import type { Plugin } from 'unified';
import { runRemarkPlugins, type UserPlugins } from '../../packages/engine/src/node/markdown/user-plugins';
import type { PluginList } from '../../packages/engine/src/node/config/config-schema';

const FILE = '/site/content/guide/page.mdx';
const tree = (): Root => ({ type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'hello' }] }] });
const plugins = (remark: PluginList): UserPlugins => ({ remark, rehype: [], key: 'k' });
const text = (root: Root) => JSON.stringify(root);

describe('the site\'s unified plugins', () => {
  it('returns the input untouched, with no processor, when there are none', async () => {
    const input = tree();
    const out = await runRemarkPlugins(undefined, input, FILE);
    expect('tree' in out && out.tree).toBe(input);
  });

  it('runs sync, async and callback-style transformers in order, with options, and sees the page as file.path', async () => {
    const paths: string[] = [];
    const append = ((suffix: string) => (root: Root, file: { path: string }) => {
      paths.push(file.path);
      root.children.push({ type: 'paragraph', children: [{ type: 'text', value: suffix }] });
    }) as Plugin<[string], Root>;
    const later: Plugin<[], Root> = () => async (root) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      root.children.push({ type: 'thematicBreak' });
    };
    const callback: Plugin<[], Root> = () => (root, _file, next) => {
      setTimeout(() => next(undefined, { ...root, children: [...root.children, { type: 'html', value: 'cb' }] }), 1);
    };
    const out = await runRemarkPlugins(plugins([[append, 'one'], later, callback]), tree(), FILE);
    expect('tree' in out && out.tree.children.map((c) => c.type)).toEqual(['paragraph', 'paragraph', 'thematicBreak', 'html']);
    expect(paths).toEqual([FILE]);
  });

  it('turns a throw, a rejection, a callback error and a throwing setup into one PluginError naming the plugin', async () => {
    const remarkThrows: Plugin<[], Root> = () => () => {
      throw new RangeError('too far');
    };
    const remarkRejects: Plugin<[], Root> = () => async () => Promise.reject(new Error('no luck'));
    const remarkCalls: Plugin<[], Root> = () => (_root, _file, next) => next(new Error('called back'));
    const remarkSetup: Plugin<[], Root> = () => {
      throw new Error('bad options');
    };
    const cases: Array<[PluginList, string]> = [
      [[remarkThrows], 'remark plugin remarkThrows failed on page.mdx: RangeError: too far'],
      [[remarkRejects], 'remark plugin remarkRejects failed on page.mdx: no luck'],
      [[remarkCalls], 'remark plugin remarkCalls failed on page.mdx: called back'],
      [[remarkSetup], 'remark plugin remarkSetup failed while it was set up (compiling page.mdx): bad options'],
    ];
    for (const [list, message] of cases) {
      const out = await runRemarkPlugins(plugins(list), tree(), FILE);
      expect('problem' in out && { code: out.problem.code, message: out.problem.message, file: out.problem.file, line: out.problem.line }).toEqual({ code: 'PluginError', message, file: FILE, line: 1 });
    }
  });

  it('places a file.fail() at the node it names, and fails the same way on every page after a setup that threw', async () => {
    const node = { type: 'text', value: 'x', position: { start: { line: 7, column: 3 }, end: { line: 7, column: 4 } } };
    const remarkFails: Plugin<[], Root> = () => (root, file) => {
      file.fail('not here', node);
      return root;
    };
    const fail = await runRemarkPlugins(plugins([remarkFails]), tree(), FILE);
    expect('problem' in fail && [fail.problem.line, fail.problem.column, fail.problem.message]).toEqual([7, 3, 'remark plugin remarkFails failed on page.mdx: not here']);

    let setups = 0;
    const remarkFlaky: Plugin<[], Root> = () => {
      setups++;
      throw new Error('setup failed');
    };
    const list: PluginList = [remarkFlaky, () => (root: Root) => void root.children.push({ type: 'thematicBreak' })];
    // unified would resume a frozen-halfway processor after the plugin that threw: never reuse it.
    for (let page = 0; page < 2; page++) expect('problem' in (await runRemarkPlugins(plugins(list), tree(), FILE))).toBe(true);
    expect(setups).toBe(2);
  });
});
