/* Helpers shared by the security suites: the OpenAPI operation list and sample inputs. */
import type { Json, TestHarness } from '../../src/testing/harness';
import { multipartBody, TINY_PNG } from '../../src/testing/security-fixtures';

export type Operation = {
  key: string; // "GET /organizations/{id}"
  method: string;
  path: string; // relative to /api/v1, with {params}
  op: Json;
  secured: boolean;
  pathParams: string[];
  queryParams: Json[];
  bodySchema: Json | null;
  bodyTypes: string[];
  successSchema: Json | null;
};

export async function loadOperations(h: TestHarness): Promise<Operation[]> {
  const res = await h.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`openapi.json: ${res.statusCode}`);
  const doc = JSON.parse(res.body) as Json;
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = (op.parameters ?? []) as Json[];
      const content = (op.requestBody?.content ?? {}) as Json;
      const success = Object.entries<Json>(op.responses ?? {}).find(([code]) =>
        code.startsWith('2'),
      );
      ops.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        op,
        secured: Array.isArray(op.security) ? op.security.length > 0 : Boolean(op.security),
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name as string),
        queryParams: params.filter((p) => p.in === 'query'),
        bodySchema: (content['application/json']?.schema as Json | undefined) ?? null,
        bodyTypes: Object.keys(content),
        successSchema:
          (success?.[1]?.content?.['application/json']?.schema as Json | undefined) ?? null,
      });
    }
  }
  return ops;
}

/** A plausible valid value for a JSON schema (first enum, minimal lengths, required keys). */
export function sampleFor(schema: Json | undefined, name = ''): unknown {
  if (!schema) return null;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.anyOf)
    return sampleFor(
      (schema.anyOf as Json[]).find((s) => s.type !== 'null'),
      name,
    );
  if (schema.oneOf) return sampleFor((schema.oneOf as Json[])[0], name);
  if (schema.allOf) return sampleFor((schema.allOf as Json[])[0], name);
  const type = Array.isArray(schema.type)
    ? (schema.type as string[]).find((t) => t !== 'null')
    : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'email' || /email/i.test(name)) return 'someone@example.com';
      if (schema.format === 'uuid' || /uuid|_id$/i.test(name))
        return '00000000-0000-4000-8000-000000000000';
      if (schema.format === 'uri' || /url|website/i.test(name)) return 'https://example.com';
      const min = (schema.minLength as number | undefined) ?? 1;
      return 'a'.repeat(Math.max(min, Math.min(8, (schema.maxLength as number) ?? 8)));
    }
    case 'integer':
    case 'number':
      return (schema.minimum as number | undefined) ?? (schema.exclusiveMinimum as number) ?? 1;
    case 'boolean':
      return true;
    case 'array': {
      const min = (schema.minItems as number | undefined) ?? 0;
      return Array.from({ length: min }, () => sampleFor(schema.items as Json, name));
    }
    case 'object': {
      const out: Json = {};
      for (const key of (schema.required ?? []) as string[]) {
        out[key] = sampleFor((schema.properties ?? {})[key] as Json, key);
      }
      return out;
    }
    default:
      return null;
  }
}

/**
 * Minimal JSON-schema validator for the subset zod's OpenAPI output uses: type (incl. arrays of
 * types), const, enum, properties/required/additionalProperties, items, anyOf/oneOf/allOf.
 * Returns a list of problems (empty = valid).
 */
export function validate(schema: Json | undefined, value: unknown, at = '$'): string[] {
  if (!schema || Object.keys(schema).length === 0) return [];
  if (schema.anyOf || schema.oneOf) {
    const options = (schema.anyOf ?? schema.oneOf) as Json[];
    return options.some((s) => validate(s, value, at).length === 0)
      ? []
      : [`${at}: matches none of ${options.length} options`];
  }
  if (schema.allOf) return (schema.allOf as Json[]).flatMap((s) => validate(s, value, at));
  if (schema.const !== undefined && value !== schema.const) return [`${at}: not const`];
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) return [`${at}: not in enum`];
  const types: string[] | undefined = schema.type
    ? Array.isArray(schema.type)
      ? schema.type
      : [schema.type]
    : undefined;
  if (types) {
    const actual =
      value === null
        ? 'null'
        : Array.isArray(value)
          ? 'array'
          : typeof value === 'number'
            ? Number.isInteger(value)
              ? 'integer'
              : 'number'
            : typeof value;
    const okType = types.includes(actual) || (actual === 'integer' && types.includes('number'));
    if (!okType) return [`${at}: expected ${types.join('|')}, got ${actual}`];
  }
  const problems: string[] = [];
  if (Array.isArray(value) && schema.items) {
    value.forEach((v, i) => problems.push(...validate(schema.items as Json, v, `${at}[${i}]`)));
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const obj = value as Json;
    for (const key of (schema.required ?? []) as string[]) {
      if (!(key in obj)) problems.push(`${at}.${key}: missing`);
    }
    const props = (schema.properties ?? {}) as Json;
    for (const [key, v] of Object.entries(obj)) {
      if (props[key]) problems.push(...validate(props[key] as Json, v, `${at}.${key}`));
      else if (schema.additionalProperties === false) problems.push(`${at}.${key}: not allowed`);
      else if (typeof schema.additionalProperties === 'object')
        problems.push(...validate(schema.additionalProperties as Json, v, `${at}.${key}`));
    }
  }
  return problems;
}

/** Patterns that must never appear in a response body. */
export const LEAK_PATTERNS: RegExp[] = [
  /\n\s+at .+\(?(\/|file:\/\/)[^\s)]+:\d+:\d+/, // stack frame
  /\/(work|home|usr|tmp|app|srv)\/[\w.-]+\/[\w./-]+\.(ts|js|mjs)/, // file paths
  /node_modules\//,
  /\b(SELECT|INSERT INTO|UPDATE|DELETE FROM)\b .*\b(FROM|SET|VALUES|WHERE)\b/, // SQL text
  /invalid input syntax for type/i,
  /relation "[^"]+" does not exist/i,
];

export function leaks(text: string): RegExp | undefined {
  return LEAK_PATTERNS.find((p) => p.test(text));
}

/** The input keys that name the organization an operation acts on. */
export const ORG_KEYS = ['organization_uuid', 'organization_id'];

export type SampleRequest = {
  url: string;
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
};

/**
 * A valid request for `op` on the organization `orgUuid` (so validation never hides the check):
 * the path parameters from `idFor`, the required query parameters, a PNG for an upload, else a
 * sample body with the organization keys set, which `fillBody` may complete.
 */
export function sampleRequest(
  op: Operation,
  orgUuid: string,
  idFor: (param: string) => string,
  fillBody: (body: Json, props: Json) => void = () => undefined,
): SampleRequest {
  let url = op.path;
  for (const name of op.pathParams) url = url.replace(`{${name}}`, idFor(name));
  const query: Record<string, string> = {};
  for (const p of op.queryParams) {
    const name = p.name as string;
    if (ORG_KEYS.includes(name)) query[name] = orgUuid;
    else if (p.required) query[name] = String(sampleFor(p.schema as Json, name));
  }
  if (op.bodyTypes.includes('multipart/form-data')) {
    const field = op.path.endsWith('/favicon') ? 'favicon' : 'logo';
    const mp = multipartBody([
      { name: field, filename: 'x.png', bytes: TINY_PNG, type: 'image/png' },
    ]);
    return { url, query, body: mp.body as unknown, headers: mp.headers };
  }
  let body: Json | undefined;
  if (op.bodySchema) {
    body = sampleFor(op.bodySchema) as Json;
    const props = (op.bodySchema.properties ?? {}) as Json;
    for (const k of ORG_KEYS) if (props[k]) body[k] = orgUuid;
    fillBody(body, props);
  }
  return { url, query, body: body as unknown, headers: {} };
}
