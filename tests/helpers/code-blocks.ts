import fs from 'node:fs';
import path from 'node:path';
import { codeSamples } from '../../packages/engine/src/node/openapi/code-samples';

/* The code blocks the highlighting tests run: the portal's, the generated samples, and a few states that carry over. */

const portal = path.resolve(import.meta.dirname, '../..');

/** Every fenced block of the portal's content and of its spec's descriptions, indentation removed. */
export function portalFences(): Array<{ lang: string; code: string }> {
  const fences: Array<{ lang: string; code: string }> = [];
  const files = [
    ...fs.readdirSync(path.join(portal, 'content'), { recursive: true, encoding: 'utf8' }).filter((f) => /\.mdx?$/.test(f)).map((f) => path.join(portal, 'content', f)),
    ...fs.readdirSync(path.join(portal, 'specs')).map((f) => path.join(portal, 'specs', f)),
  ];
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^( *)```(\w+)[^\n]*\n([\s\S]*?)^\1```$/gm)) fences.push({ lang: m[2]!, code: m[3]!.split('\n').map((l) => l.slice(m[1]!.length)).join('\n').replace(/\n$/, '') });
  }
  return fences;
}

const request = { method: 'POST', url: 'https://payments.test.epic.example/v1/payment-sessions', body: { amount: 10000, currency: 'NOK', items: [{ name: "Bob's \"tea\" & <cake>", quantity: 2 }], enabled: true, note: null }, idempotent: true, envVar: 'EPIC_API_KEY' };

/** The samples docsgen generates for one request, in the portal's six languages. */
export const generatedSamples = () => codeSamples(request, ['curl', 'javascript', 'nodejs', 'php', 'csharp', 'go']);

/** Blocks the content does not have: the bench corpus's TypeScript, and lines in states that carry over. */
export const extraBlocks = [
  { lang: 'ts', code: "import { Client, type Payment as Summary } from '@example-pay/node';\nexport async function run(client: Client): Promise<void> {\n  const results: Summary[] = [];\n  const total: number = (await client.payments.retrieve(`pay_${1}`)).amount.value * 3;\n  results.push({ id: 'x', total } satisfies Summary);\n}" },
  { lang: 'javascript', code: 'const a = 1;\nconst s = `\nconst a = 1;\n`;\n/*\nconst a = 1;\n*/\nconst re = /[a-z]+(?=\\d)/giu;' },
  { lang: 'php', code: "<?php\n$x = <<<EOT\nEND;\necho 1;\nEOT;\necho \"{$x['a']}\";" },
  { lang: 'bash', code: 'cat <<EOF\nls -la\nEOF\nls -la\r\necho "${HOME:-/}" $((1 + 2))' },
];
