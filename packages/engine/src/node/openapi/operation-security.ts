import type { ApiOperationData } from '../../shared/api-model';
import type { ApiContext } from './api-context';
import { asArray, asObject, str } from './json-values';
import type { JsonObject } from './load-openapi';

type Auth = ApiOperationData['auth'];

const constantCase = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '').toUpperCase();

/** The scheme names of the document's own (default) requirement: the first alternative. */
const defaultSchemes = (doc: JsonObject) => Object.keys(asObject(asArray(doc.security)[0]));

/**
 * The environment variable a code sample reads a scheme's credential from: `x-env-var` on the
 * scheme when it names one; the document's default scheme is `{PREFIX}_API_KEY`; any other is
 * `{PREFIX}_{NAME}_TOKEN` without a trailing "Auth" (`partnerAuth` → `EPIC_PARTNER_TOKEN`).
 */
export function credentialEnvVar(ctx: Pick<ApiContext, 'doc' | 'envPrefix'>, name: string): string {
  const scheme = asObject(asObject(asObject(ctx.doc.components).securitySchemes)[name]);
  if (str(scheme['x-env-var'])) return str(scheme['x-env-var'])!;
  if (defaultSchemes(ctx.doc)[0] === name) return `${ctx.envPrefix}_API_KEY`;
  return `${ctx.envPrefix}_${constantCase(name.replace(/Auth$/, ''))}_TOKEN`;
}

/** What a scheme is, in words: `HTTP bearer token`, `API key in the header X-Key`. */
function schemeKind(scheme: JsonObject): string {
  if (scheme.type === 'http') return str(scheme.scheme)?.toLowerCase() === 'bearer' ? 'Bearer token in the Authorization header' : `HTTP ${str(scheme.scheme) ?? ''} authentication`;
  if (scheme.type === 'apiKey') return `API key in the ${str(scheme.in)} ${str(scheme.name)}`;
  return String(scheme.type ?? 'unknown');
}

/**
 * The operation's own security requirement (`security` on the operation, else the document's):
 * no scheme at all for `security: []` (or an empty alternative), else the schemes of the first
 * alternative, each with what it is, its description and the variable the samples read it from.
 */
export function operationAuth(ctx: ApiContext, op: JsonObject): Auth {
  const requirements = Array.isArray(op.security) ? op.security : asArray(ctx.doc.security);
  const first = requirements.length ? Object.keys(asObject(requirements[0])) : [];
  if (!first.length) return { none: true, schemes: [] };
  const all = asObject(asObject(ctx.doc.components).securitySchemes);
  return {
    none: false,
    schemes: first.map((name) => {
      const scheme = asObject(all[name]);
      const description = str(scheme.description);
      return { name, kind: schemeKind(scheme), description: description ? ctx.markdown(description) : undefined, envVar: credentialEnvVar(ctx, name), bearer: scheme.type === 'http' && str(scheme.scheme)?.toLowerCase() === 'bearer' };
    }),
  };
}
