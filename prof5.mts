import fs from 'node:fs';
import jsYaml from 'js-yaml';
const t0 = performance.now();
const { validate } = await import('@readme/openapi-parser');
console.log('import', (performance.now() - t0).toFixed(0));
const d = jsYaml.load(fs.readFileSync('specs/payments.yaml', 'utf8'), { schema: jsYaml.CORE_SCHEMA });
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  const r = await validate(structuredClone(d) as never, { validate: { errors: { colorize: false } } } as never);
  console.log('validate', (performance.now() - t).toFixed(0), r.valid);
}
