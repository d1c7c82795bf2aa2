import { describe, expect, it } from 'vitest';
import { describeMarkdown, summarize } from '../../packages/engine/src/node/meta/describe';

describe('meta descriptions', () => {
  it('reads the first paragraph from the Markdown tree: no markup, no raw newlines, parentheses kept', () => {
    const text = 'Creates a payment link (`Link`) for a\nfixed **amount**: see [the guide](/guides/x).\n\nSecond paragraph.';
    expect(describeMarkdown(text)).toBe('Creates a payment link (Link) for a fixed amount: see the guide.');
  });

  it('reads a paragraph of words, code spans and plain links as the parser does (the path without it)', () => {
    const plain = 'Gets a `payment`. It must exist; see [the schema](/api/schemas/payment) and\n[errors](/api#errors).';
    expect(describeMarkdown(plain)).toBe('Gets a payment. It must exist; see the schema and errors.');
    // The same words with markup the shortcut declines: the parser reads them alike.
    expect(describeMarkdown(plain.replace('It must', '*It* must'))).toBe(describeMarkdown(plain));
  });

  it('keeps whole sentences within 160 characters', () => {
    const long = `${'Short first sentence here. '.repeat(5)}And a last one that does not fit in the limit at all because it goes on.`;
    const out = describeMarkdown(long);
    expect(out.length).toBeLessThanOrEqual(160);
    expect(out).toMatch(/here\.$/);
    expect(out).not.toContain('  ');
  });

  it('cuts one long sentence at a word boundary with an ellipsis', () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const out = summarize(words);
    expect(out.length).toBeLessThanOrEqual(160);
    expect(out.endsWith('…')).toBe(true);
    expect(words.startsWith(out.slice(0, -1))).toBe(true);
    expect(words[out.length - 1]).toBe(' ');
  });

  it('never ends on "," or ":"; a paragraph introducing a list takes the items', () => {
    expect(describeMarkdown('What to collect and how,\nand more')).toBe('What to collect and how, and more');
    expect(describeMarkdown('The request holds:\n\n- an amount\n- a currency')).toBe('The request holds: an amount; a currency.');
    expect(summarize('Fields of the request:')).toBe('Fields of the request.');
  });

  it('does not end a sentence at an abbreviation or a version number', () => {
    const text = `Pay with a card, e.g. Visa, and see version 1.2 of the API for details on everything. ${'x '.repeat(80)}`;
    expect(summarize(text)).toBe('Pay with a card, e.g. Visa, and see version 1.2 of the API for details on everything.');
  });
});
