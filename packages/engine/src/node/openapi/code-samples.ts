import type { Json } from './load-openapi';

export interface SampleRequest {
  method: string;
  /** Full URL with path parameters filled in and the query string. */
  url: string;
  body?: Json;
  /** POST requests carry an idempotency key. */
  idempotent: boolean;
  /** Environment variable that holds the secret key in server samples (`EPIC_API_KEY`). */
  envVar: string;
}

export interface CodeSample {
  lang: 'curl' | 'javascript' | 'nodejs' | 'php' | 'csharp' | 'go';
  code: string;
}

const API_KEY = 'sk_test_your_api_key';
const IDEMPOTENCY_KEY = '5f2d8a7e-4c1b-4f7a-9a3e-1b2c3d4e5f60';

const json = (body: Json, indent: number) => JSON.stringify(body, null, 2).split('\n').map((l, i) => (i ? ' '.repeat(indent) + l : l)).join('\n');
const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function curl(r: SampleRequest): string {
  const lines = [`curl -X ${r.method} ${shellQuote(r.url)}`, `  -H 'Authorization: Bearer ${API_KEY}'`];
  if (r.idempotent) lines.push(`  -H 'Idempotency-Key: ${IDEMPOTENCY_KEY}'`);
  if (r.body !== undefined) lines.push(`  -H 'Content-Type: application/json'`, `  -d ${shellQuote(JSON.stringify(r.body, null, 2))}`);
  return lines.join(' \\\n');
}

/** The `fetch(...)` call shared by the browser and Node samples; they differ in key and UUID source. */
function fetchCall(r: SampleRequest, authorization: string, uuid: string): string[] {
  const headers = [`    Authorization: ${authorization},`];
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

function javascript(r: SampleRequest): string {
  // Browser code never holds a live secret key: this is for test keys in tools, or a call through your backend.
  return [
    ...fetchCall(r, `'Bearer ${API_KEY}'`, 'crypto.randomUUID()'),
    `if (!response.ok) throw new Error(\`\${data.code}: \${data.message}\`);`,
    `console.log(data);`,
  ].join('\n');
}

function nodejs(r: SampleRequest): string {
  return [
    ...(r.idempotent ? [`import { randomUUID } from 'node:crypto';`, ``] : []),
    ...fetchCall(r, `\`Bearer \${process.env.${r.envVar}}\``, 'randomUUID()'),
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
  const headers = [`        'Authorization' => 'Bearer ' . getenv('${r.envVar}'),`];
  if (r.idempotent) headers.push(`        'Idempotency-Key' => bin2hex(random_bytes(16)),`);
  return [
    `<?php`,
    `require 'vendor/autoload.php';`,
    ``,
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
    `using System.Net.Http.Headers;`,
    `using System.Text;`,
    ``,
    `using var client = new HttpClient();`,
    `client.DefaultRequestHeaders.Authorization =`,
    `    new AuthenticationHeaderValue("Bearer", Environment.GetEnvironmentVariable("${r.envVar}"));`,
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
    `\t"os"`,
    `)`,
    ``,
    `func main() {`,
    ...(hasBody ? [`\tbody := []byte(\`${JSON.stringify(r.body, null, 2).replace(/`/g, '` + "`" + `').split('\n').join('\n\t')}\`)`, ``] : []),
    `\treq, err := http.NewRequest("${r.method}", "${r.url}", ${hasBody ? 'bytes.NewReader(body)' : 'nil'})`,
    `\tif err != nil {`,
    `\t\tlog.Fatal(err)`,
    `\t}`,
    `\treq.Header.Set("Authorization", "Bearer "+os.Getenv("${r.envVar}"))`,
    ...(hasBody ? [`\treq.Header.Set("Content-Type", "application/json")`] : []),
    ...(r.idempotent ? [`\tkey := make([]byte, 16)`, `\tif _, err := rand.Read(key); err != nil {`, `\t\tlog.Fatal(err)`, `\t}`, `\treq.Header.Set("Idempotency-Key", fmt.Sprintf("%x", key))`] : []),
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
