import type { ApiExample } from '../../packages/engine/src/shared/api-model';
import { CodeBlock } from '../components/CodeBlock';

/** `payload` → `payloads`, `request body` → `request bodies`. */
const plural = (word: string) => (/[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`);

/**
 * The examples of a request or response, each a closed `<details>`: one unnamed example is
 * "Example {what}"; named ones are listed with their summaries (or names), so a response that can
 * say several things shows all of them.
 */
export function ExampleList({ examples, what }: { examples: ApiExample[]; what: string }) {
  if (!examples.length) return null;
  const named = examples.some((e) => e.name);
  return (
    <div className="api-examples" data-count={examples.length}>
      {named ? <p className="api-examples-title">{examples.length === 1 ? `Example ${what}` : `${examples.length} example ${plural(what)}`}</p> : null}
      {examples.map((e, i) => (
        <details className="api-example" key={e.name ?? i} data-example={e.name}>
          <summary>{named ? e.summary ?? e.name : `Example ${what}`}</summary>
          <CodeBlock html={e.html} lang="json" />
        </details>
      ))}
    </div>
  );
}
