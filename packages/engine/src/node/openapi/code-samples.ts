import type { Json } from './load-openapi';

export interface SampleRequest {
  method: string;
  /** Full URL with path parameters filled in and the query string. */
  url: string;
  body?: Json;
  /** POST requests carry an idempotency key. */
  idempotent: boolean;
  /**
   * The credential the operation's security requirement asks for, sent as a bearer token read
   * from the environment variable `envVar` (`EPIC_API_KEY`, `EPIC_PARTNER_TOKEN`) in every
   * language. None: the operation takes no Authorization header (`security: []`).
   */
  auth?: { envVar: string };
}

export interface CodeSample {
  lang: 'curl' | 'javascript' | 'nodejs' | 'php' | 'csharp' | 'go';
  code: string;
}

/** A fixed, valid version 4 UUID for the curl sample (the other languages generate one per request). */
export const SAMPLE_IDEMPOTENCY_KEY = '5f2d8a7e-4c1b-4f7a-9a3e-1b2c3d4e5f60';

const json = (body: Json, indent: number) => JSON.stringify(body, null, 2).split('\n').map((l, i) => (i ? ' '.repeat(indent) + l : l)).join('\n');
const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function curl(r: SampleRequest): string {
  const lines = [`curl -X ${r.method} ${shellQuote(r.url)}`];
  if (r.auth) lines.push(`  -H "Authorization: Bearer $${r.auth.envVar}"`);
  if (r.idempotent) lines.push(`  -H 'Idempotency-Key: ${SAMPLE_IDEMPOTENCY_KEY}'`);
  if (r.body !== undefined) lines.push(`  -H 'Content-Type: application/json'`, `  -d ${shellQuote(JSON.stringify(r.body, null, 2))}`);
  return lines.join(' \\\n');
}

/** The `fetch(...)` call shared by the two server-side JavaScript samples; they differ in the UUID source. */
function fetchCall(r: SampleRequest, uuid: string): string[] {
  const headers = r.auth ? [`    Authorization: \`Bearer \${process.env.${r.auth.envVar}}\`,`] : [];
  if (r.idempotent) headers.push(`    'Idempotency-Key': ${uuid},`);
  if (r.body !== undefined) headers.push(`    'Content-Type': 'application/json',`);
  return [
    `const response = await fetch('${r.url}', {`,
    `  method: '${r.method}',`,
    `  headers: {`,
    ...headers,
    `  },`,
    ...(r.body !== undefined ? [`  body: JSON.stringify(${json(r.body, 2)}),`] : []),
    `});`,
    `const data = await response.json();`,
  ];
}

/**
 * Server-side JavaScript with the runtime's own `fetch` and Web Crypto (Node.js 20+, Deno, Bun): an
 * API key never goes into browser code, so there is no browser sample.
 */
function javascript(r: SampleRequest): string {
  return [
    `// Server-side JavaScript (Node.js 20+, Deno, Bun). Never send your API key from a browser.`,
    ...fetchCall(r, 'crypto.randomUUID()'),
    `if (!response.ok) throw new Error(\`\${data.code}: \${data.message}\`);`,
    `console.log(data);`,
  ].join('\n');
}

function nodejs(r: SampleRequest): string {
  return [
    ...(r.idempotent ? [`import { randomUUID } from 'node:crypto';`, ``] : []),
    ...fetchCall(r, 'randomUUID()'),
    `if (!response.ok) {`,
    `  throw new Error(\`\${response.status} \${data.code}: \${data.message}\`);`,
    `}`,
    `console.log(data);`,
  ].join('\n');
}

function phpValue(value: Json, indent: number): string {
  const pad = ' '.repeat(indent);
  if (value === null) return 'null';
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return value.length ? `[\n${value.map((v) => `${pad}    ${phpValue(v, indent + 4)},`).join('\n')}\n${pad}]` : '[]';
  const entries = Object.entries(value);
  return entries.length ? `[\n${entries.map(([k, v]) => `${pad}    '${k}' => ${phpValue(v, indent + 4)},`).join('\n')}\n${pad}]` : '(object) []';
}

function php(r: SampleRequest): string {
  const headers = r.auth ? [`        'Authorization' => 'Bearer ' . getenv('${r.auth.envVar}'),`] : [];
  if (r.idempotent) headers.push(`        'Idempotency-Key' => $idempotencyKey,`);
  return [
    `<?php`,
    `require 'vendor/autoload.php';`,
    ``,
    ...(r.idempotent
      ? [
          `// A version 4 UUID for this operation; store it with the operation and reuse it on a retry.`,
          `$bytes = random_bytes(16);`,
          `$bytes[6] = chr((ord($bytes[6]) & 0x0f) | 0x40);`,
          `$bytes[8] = chr((ord($bytes[8]) & 0x3f) | 0x80);`,
          `$idempotencyKey = vsprintf('%s%s-%s-%s-%s-%s%s%s', str_split(bin2hex($bytes), 4));`,
          ``,
        ]
      : []),
    `$client = new GuzzleHttp\\Client(['http_errors' => false]);`,
    `$response = $client->request('${r.method}', '${r.url}', [`,
    `    'headers' => [`,
    ...headers,
    `    ],`,
    ...(r.body !== undefined ? [`    'json' => ${phpValue(r.body, 4)},`] : []),
    `]);`,
    `$data = json_decode((string) $response->getBody(), true);`,
    `if ($response->getStatusCode() >= 400) {`,
    `    throw new RuntimeException($data['code'] . ': ' . $data['message']);`,
    `}`,
    `print_r($data);`,
  ].join('\n');
}

function csharp(r: SampleRequest): string {
  const body = r.body !== undefined ? JSON.stringify(r.body, null, 2) : null;
  const method = { GET: 'Get', POST: 'Post', PUT: 'Put', PATCH: 'Patch', DELETE: 'Delete' }[r.method] ?? 'Get';
  return [
    ...(r.auth ? [`using System.Net.Http.Headers;`] : []),
    `using System.Text;`,
    ``,
    `using var client = new HttpClient();`,
    ...(r.auth ? [`client.DefaultRequestHeaders.Authorization =`, `    new AuthenticationHeaderValue("Bearer", Environment.GetEnvironmentVariable("${r.auth.envVar}"));`] : []),
    ``,
    `var request = new HttpRequestMessage(HttpMethod.${method}, "${r.url}");`,
    ...(r.idempotent ? [`request.Headers.Add("Idempotency-Key", Guid.NewGuid().ToString());`] : []),
    ...(body !== null ? [`request.Content = new StringContent("""`, ...body.split('\n').map((l) => `    ${l}`), `    """, Encoding.UTF8, "application/json");`] : []),
    ``,
    `using var response = await client.SendAsync(request);`,
    `var json = await response.Content.ReadAsStringAsync();`,
    `if (!response.IsSuccessStatusCode)`,
    `{`,
    `    throw new HttpRequestException($"{(int)response.StatusCode}: {json}");`,
    `}`,
    `Console.WriteLine(json);`,
  ].join('\n');
}

function go(r: SampleRequest): string {
  const hasBody = r.body !== undefined;
  return [
    `package main`,
    ``,
    `import (`,
    ...(hasBody ? [`\t"bytes"`] : []),
    ...(r.idempotent ? [`\t"crypto/rand"`] : []),
    `\t"fmt"`,
    `\t"io"`,
    `\t"log"`,
    `\t"net/http"`,
    ...(r.auth ? [`\t"os"`] : []),
    `)`,
    ``,
    `func main() {`,
    ...(hasBody ? [`\tbody := []byte(\`${JSON.stringify(r.body, null, 2).replace(/`/g, '` + "`" + `').split('\n').join('\n\t')}\`)`, ``] : []),
    `\treq, err := http.NewRequest("${r.method}", "${r.url}", ${hasBody ? 'bytes.NewReader(body)' : 'nil'})`,
    `\tif err != nil {`,
    `\t\tlog.Fatal(err)`,
    `\t}`,
    ...(r.auth ? [`\treq.Header.Set("Authorization", "Bearer "+os.Getenv("${r.auth.envVar}"))`] : []),
    ...(hasBody ? [`\treq.Header.Set("Content-Type", "application/json")`] : []),
    ...(r.idempotent
      ? [
          `\t// A version 4 UUID for this operation; store it with the operation and reuse it on a retry.`,
          `\tkey := make([]byte, 16)`,
          `\tif _, err := rand.Read(key); err != nil {`,
          `\t\tlog.Fatal(err)`,
          `\t}`,
          `\tkey[6] = key[6]&0x0f | 0x40`,
          `\tkey[8] = key[8]&0x3f | 0x80`,
          `\treq.Header.Set("Idempotency-Key", fmt.Sprintf("%x-%x-%x-%x-%x", key[0:4], key[4:6], key[6:8], key[8:10], key[10:]))`,
        ]
      : []),
    ``,
    `\tres, err := http.DefaultClient.Do(req)`,
    `\tif err != nil {`,
    `\t\tlog.Fatal(err)`,
    `\t}`,
    `\tdefer res.Body.Close()`,
    `\tdata, err := io.ReadAll(res.Body)`,
    `\tif err != nil {`,
    `\t\tlog.Fatal(err)`,
    `\t}`,
    `\tif res.StatusCode >= 400 {`,
    `\t\tlog.Fatalf("%d: %s", res.StatusCode, data)`,
    `\t}`,
    `\tfmt.Println(string(data))`,
    `}`,
  ].join('\n');
}

/** Idiomatic request code in every sample language, with real example values. Pure. */
export function codeSamples(request: SampleRequest, languages: readonly string[]): CodeSample[] {
  const generators = { curl, javascript, nodejs, php, csharp, go } as const;
  return languages.filter((l): l is CodeSample['lang'] => l in generators).map((lang) => ({ lang, code: generators[lang](request) }));
}
