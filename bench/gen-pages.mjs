#!/usr/bin/env node
// docsgen's own corpus generator for scale measurements: N MDX pages in folders of 50, each with
// frontmatter, headings, a table, links to neighbours and two code blocks (from a pool of 40).
// Usage: node bench/gen-pages.mjs <dir> <pages>
import fs from 'node:fs';
import path from 'node:path';

const [dir, countArg] = process.argv.slice(2);
if (!dir || !countArg) {
  console.error('usage: node bench/gen-pages.mjs <dir> <pages>');
  process.exit(2);
}
const count = Number(countArg);
const root = path.resolve(dir);
fs.rmSync(root, { recursive: true, force: true });
const words = ['payment', 'session', 'capture', 'refund', 'webhook', 'customer', 'merchant', 'token', 'currency', 'amount', 'checkout', 'terminal'];
const word = (i) => words[i % words.length];
const sentence = (i) => `The ${word(i)} updates the ${word(i * 7 + 3)} when the ${word(i * 5 + 1)} is confirmed, so the ${word(i * 3 + 2)} stays consistent.`;
const code = (i) => {
  const k = i % 40;
  return k % 2
    ? `\`\`\`js\nconst ${word(k)}${k} = await client.${word(k + 1)}s.create({ amount: ${k * 100}, currency: 'EUR' });\nconsole.log(${word(k)}${k}.id);\n\`\`\``
    : `\`\`\`bash\ncurl -X POST https://api.example.com/v1/${word(k)}s \\\n  -H "Authorization: Bearer $KEY" \\\n  -d '{"amount": ${k * 100}}'\n\`\`\``;
};
const folder = (i) => `section-${String(Math.floor(i / 50)).padStart(3, '0')}`;
for (let i = 0; i < count; i++) {
  const file = path.join(root, 'content', folder(i), `page-${i}.mdx`);
  const next = (i + 1) % count;
  const prev = (i + count - 1) % count;
  const body = [
    '---',
    `title: Page ${i} about ${word(i)}s`,
    `description: ${sentence(i)}`,
    `sidebar_position: ${i % 50}`,
    '---',
    '',
    `${sentence(i)} ${sentence(i + 1)}`,
    '',
    `## Overview of ${word(i)}`,
    '',
    `${sentence(i + 2)} See [page ${next}](/${folder(next)}/page-${next}#details) and [page ${prev}](/${folder(prev)}/page-${prev}).`,
    '',
    code(i),
    '',
    `## Details`,
    '',
    '| field | type | meaning |',
    '| --- | --- | --- |',
    `| \`${word(i)}\` | string | ${sentence(i + 3)} |`,
    `| \`${word(i + 1)}\` | integer | ${sentence(i + 4)} |`,
    '',
    `### Edge cases`,
    '',
    `:::note\n${sentence(i + 5)}\n:::`,
    '',
    code(i + 1),
    '',
  ].join('\n');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
}
fs.writeFileSync(path.join(root, 'content', 'index.mdx'), `---\ntitle: Generated corpus\ndescription: ${count} generated pages.\n---\n\nStart at [the first page](/section-000/page-0).\n`);
console.log(`wrote ${count} pages to ${root}`);
