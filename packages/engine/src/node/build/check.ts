import path from 'node:path';
import { hasErrors, type Diagnostic } from '../../shared/diagnostic';
import type { ResolvedConfig } from '../config/resolve-config';
import type { PageGraph } from '../graph/page-graph';
import type { ApiPages } from '../openapi/api-pages';
import type { PageFacts } from '../check/page-facts';
import { checkSite } from '../check/check-site';
import { checkCodeSamples, type BodyCheck } from '../check/check-samples';
import type { DirCache } from '../cache/dir-cache';
import { staged, type Staged } from './stage';

export interface CheckStageInput {
  graph: PageGraph;
  config: ResolvedConfig;
  facts: ReadonlyMap<string, PageFacts>;
  outputFiles: ReadonlySet<string>;
  api: ApiPages | null;
  /** The spec's examples that do not match their schemas. */
  exampleProblems: readonly Diagnostic[];
  /** The spec's own diagnostics: when it has errors, links into the reference fail with it. */
  specDiagnostics: readonly Diagnostic[];
  /** Checks of the content's request examples from earlier builds. */
  verdicts: DirCache<BodyCheck> | null;
}

/** Links, anchors, reachability, code samples and the spec's own examples, on the graph and the emitted pages' facts. */
export async function checkStage(input: CheckStageInput): Promise<Staged<null>> {
  const { config } = input;
  const found = [...checkSite({ graph: input.graph, config, facts: input.facts, outputFiles: input.outputFiles }), ...withSeverity([...input.exampleProblems, ...(config.checks.codeSamples === 'ignore' ? [] : await checkCodeSamples(input.graph, input.api?.samples ?? null, input.verdicts))], config.checks.codeSamples)];
  const spec = config.openapiPath && hasErrors(input.specDiagnostics) ? path.relative(config.root, config.openapiPath) : null;
  return staged(null, spec ? found.map((d) => blameSpec(d, spec)) : found);
}

/** When the spec failed, links and samples that point into the API reference fail with it: say so. */
function blameSpec(d: Diagnostic, spec: string): Diagnostic {
  const intoApi = d.code === 'SampleUnknownOperation' || ((d.code === 'DeadLink' || d.code === 'DeadAnchor') && / \/api(?=[/#\s]|$)/.test(d.message));
  return intoApi && !d.hint ? { ...d, hint: `the API reference was not built: fix the errors in ${spec} first`, causedBy: spec } : d;
}

/** Applies a configured severity to a check's findings. */
function withSeverity(list: Diagnostic[], level: 'ignore' | 'warn' | 'error'): Diagnostic[] {
  if (level === 'ignore') return [];
  return level === 'warn' ? list.map((d) => ({ ...d, severity: 'warning' as const })) : list;
}
