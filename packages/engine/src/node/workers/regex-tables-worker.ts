/*
 * The launcher's one-off program, run on a worker thread while it makes a bundle of the CLI: it
 * writes the translated regular expressions of the commonest languages' grammars into the bundle
 * (see markdown/code-block/regex-tables.ts).
 */
import { workerData } from 'node:worker_threads';
import { writeRegexTables } from '../markdown/code-block/regex-tables';

const into = (workerData as { docsgenRegexTables?: string } | null)?.docsgenRegexTables;
if (into) await writeRegexTables(into);
