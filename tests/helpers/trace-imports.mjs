// Loaded with `node --import` by tests that check what a command loads: registers a resolve hook
// that appends every resolved module URL matching DOCSGEN_TRACE_IMPORTS_MATCH to the file
// DOCSGEN_TRACE_IMPORTS_FILE (hooks run on their own thread, so they write a file, not stdout).
import { register } from 'node:module';

const hooks = `
import fs from 'node:fs';
const file = process.env.DOCSGEN_TRACE_IMPORTS_FILE;
const match = new RegExp(process.env.DOCSGEN_TRACE_IMPORTS_MATCH);
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (match.test(result.url)) fs.appendFileSync(file, result.url + '\\n');
  return result;
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
