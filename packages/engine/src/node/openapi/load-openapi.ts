import fs from 'node:fs';
import jsYaml from 'js-yaml';
import { validateSpecCached, type SpecValidation } from './validate-spec';
import type { DirCache } from '../cache/dir-cache';
import { diagnostic, type Diagnostic } from '../../shared/diagnostic';
import { escapePointer, resolvePointer } from './json-pointer';
import { specLocator, type Locate } from './spec-locator';
import { validationErrorPointers } from './validation-pointers';

export { jsonLinePointers, pointerSegments, resolvePointer } from './json-pointer';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };



export interface LoadedSpec {
  file: string;
  document: JsonObject | null;
  /** Line/column of a JSON pointer in the file (for diagnostics), when it exists. */
  locate: Locate;
  diagnostics: Diagnostic[];
}

/** The YAML (or JSON) text as an OpenAPI document, or the diagnostic that says why it is not one. */
function parseSpec(text: string, file: string): { document: JsonObject } | { problem: Diagnostic } {
  let parsed: unknown;
  try {
    // The YAML 1.2 core schema, as the yaml package reads it: dates stay strings, no merge keys.
    parsed = jsYaml.load(text, { filename: file, schema: jsYaml.CORE_SCHEMA });
  } catch (error) {
    const e = error as jsYaml.YAMLException;
    return { problem: diagnostic('SpecSyntax', `invalid YAML: ${e.reason}`, { file, line: (e.mark?.line ?? 0) + 1, column: (e.mark?.column ?? 0) + 1 }) };
  }
  const document = parsed as JsonObject;
  if (!document || typeof document !== 'object' || !('openapi' in document)) {
    return { problem: diagnostic('SpecInvalid', 'not an OpenAPI document: the `openapi` field is missing', { file, line: 1, column: 1 }) };
  }
  return { document };
}

/** Every `$ref` that is external or points nowhere, each reported at the line of the `$ref` itself. */
function refProblems(document: JsonObject, file: string, locate: Locate): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const walk = (value: Json, pointer: string) => {
    if (value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      value.forEach((v, i) => walk(v, `${pointer}/${i}`));
      return;
    }
    for (const [key, child] of Object.entries(value)) {
      const here = `${pointer}/${escapePointer(key)}`;
      if (key === '$ref' && typeof child === 'string') {
        if (!child.startsWith('#/')) {
          diagnostics.push(diagnostic('SpecExternalRef', `external $ref "${child}" at ${here}: only references inside this document are supported`, { file, ...locate(here) }));
        } else if (resolvePointer(document, child) === undefined) {
          diagnostics.push(diagnostic('SpecBrokenRef', `broken $ref "${child}" at ${here}: nothing exists at that pointer`, { file, ...locate(here) }));
        }
      } else {
        walk(child, here);
      }
    }
  };
  walk(document, '#');
  return diagnostics;
}

/** Removes every `required: []` (in place) and returns where they were. */
function emptyRequiredLists(value: Json, pointer: string): string[] {
  if (value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => emptyRequiredLists(v, `${pointer}/${i}`));
  const found: string[] = [];
  if (Array.isArray(value.required) && value.required.length === 0 && ('properties' in value || 'type' in value)) {
    delete value.required;
    found.push(`${pointer}/required`);
  }
  for (const [key, child] of Object.entries(value)) found.push(...emptyRequiredLists(child, `${pointer}/${escapePointer(key)}`));
  return found;
}

/**
 * OpenAPI 3.0 (JSON Schema draft 4) forbids `required: []`; it means "nothing required", so each
 * is dropped from `candidate` (in place) with a warning.
 */
function dropEmptyRequiredLists(candidate: JsonObject, file: string, locate: Locate): Diagnostic[] {
  if (!String(candidate.openapi).startsWith('3.0')) return [];
  return emptyRequiredLists(candidate, '#').map((pointer) =>
    diagnostic('SpecEmptyRequired', `empty "required" list at ${pointer} (invalid in OpenAPI 3.0; treated as no required fields)`, { file, ...locate(pointer) }, { severity: 'warning' }),
  );
}

/** What @readme/openapi-parser finds wrong with `candidate`, each at the place it is about. */
async function validationProblems(candidate: JsonObject, text: string, file: string, locate: Locate, verdicts: DirCache<SpecValidation> | undefined): Promise<Diagnostic[]> {
  const result = await validateSpecCached(candidate, text, verdicts);
  if (result.valid) return [];
  const pointerOf = validationErrorPointers(candidate);
  return result.errors.map((error) => {
    const pointer = pointerOf(error.message);
    const message = error.message.split('\n')[0]!.replace(/^[A-Z]+ /, '');
    return diagnostic('SpecInvalid', `${message} (at ${pointer.startsWith('#') ? pointer : `#${pointer}`})`, { file, ...locate(pointer) });
  });
}

/**
 * Reads and validates an OpenAPI document. Every problem names the spec file, the line and the
 * JSON pointer: YAML syntax, `$ref`s that point nowhere, and what @readme/openapi-parser reports
 * (its verdict kept in `verdicts` when given). Reads disk.
 */
export async function loadOpenApi(file: string, verdicts?: DirCache<SpecValidation>): Promise<LoadedSpec> {
  const text = fs.readFileSync(file, 'utf8');
  const locate = specLocator(text);
  const parsed = parseSpec(text, file);
  if ('problem' in parsed) return { file, document: null, locate, diagnostics: [parsed.problem] };
  const { document } = parsed;
  // Validation needs every local $ref to resolve: it runs only when they all do.
  const brokenRefs = refProblems(document, file, locate);
  if (brokenRefs.length) return { file, document, locate, diagnostics: brokenRefs };
  const candidate = structuredClone(document);
  const warnings = dropEmptyRequiredLists(candidate, file, locate);
  const errors = await validationProblems(candidate, text, file, locate, verdicts);
  return { file, document: candidate, locate, diagnostics: [...warnings, ...errors] };
}
