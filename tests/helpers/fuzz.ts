/**
 * Property-based fuzzing of the HTTP routes (fast-check): each operation of the OpenAPI document
 * becomes an arbitrary request built from its own schemas (bodies and query parameters that mostly
 * fit, with hostile strings, wrong types, missing and extra fields mixed in), and any other route of
 * the Hono table gets free-form queries and bodies.
 */
import fc from 'fast-check'
import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type Schema = Record<string, unknown>

export interface FuzzRequest {
  /** The route as declared: 'POST /api/page/save'. */
  route: string
  method: string
  url: string
  /** Sent with content-type application/json (a string is sent as it is: malformed on purpose). */
  body?: Json | { raw: string; type: string } | undefined
}

/** Strings PostgreSQL, parsers and templates have choked on somewhere. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\udc00\ud800',
  '🍷',
  'é\u0301',
  '../../etc/passwd',
  "' OR 1=1 --",
  '"; DROP TABLE pages; --',
  '<script>alert(1)</script>',
  '%00',
  '%',
  '%E0%A4%A',
  '\\',
  '"',
  'null',
  '__proto__',
  'constructor',
  'prototype',
  '-1',
  '0',
  '1e309',
  'NaN',
  '\n\r\t',
  'x'.repeat(300),
  'x'.repeat(5000),
  '/',
  '//evil.example',
  'javascript:alert(1)',
  'mailto:a@example.com',
  'https://example.com/a?b=c',
  'a@example.com',
  '2024-02-30',
  '2024-01-01',
  '25:61',
  '*',
  '$where',
]

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

const HOSTILE_NUMBERS = [0, -0, 1, -1, 0.5, 1e-9, 2 ** 31, -(2 ** 31), 2 ** 53, 1e308, -1e308, 99999999999]

export interface ArbitraryOptions {
  /** Values from the stored fixtures (ids, slugs, domain ids) so requests also reach real rows. */
  known: string[]
}

function resolve(schema: Schema, components: Record<string, Schema>): Schema {
  let s = schema
  for (let i = 0; i < 10 && typeof s.$ref === 'string'; i++) s = components[s.$ref.split('/').pop()!] ?? {}
  return s
}

function stringArb(schema: Schema, options: ArbitraryOptions): fc.Arbitrary<string> {
  const max = typeof schema.maxLength === 'number' ? Math.min(schema.maxLength, 400) : 60
  const fitting: fc.Arbitrary<string>[] = [fc.string({ maxLength: max }), fc.string({ maxLength: 20, unit: 'binary' })]
  if (Array.isArray(schema.enum)) fitting.push(fc.constantFrom(...(schema.enum as string[])))
  if (schema.format === 'email') fitting.push(fc.emailAddress())
  if (options.known.length) fitting.push(fc.constantFrom(...options.known))
  return fc.oneof({ arbitrary: fc.oneof(...fitting), weight: 3 }, { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 2 })
}

function numberArb(schema: Schema): fc.Arbitrary<number> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -1000
  const max = typeof schema.maximum === 'number' ? schema.maximum : 1000
  const integer = schema.type === 'integer'
  const fitting = integer
    ? fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true })
  return fc.oneof({ arbitrary: fitting, weight: 3 }, { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS, min, max), weight: 1 })
}

/** Any JSON, shallow: what a client sends instead of what the schema says. */
const anyJson: fc.Arbitrary<Json> = fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>

/** An arbitrary for a JSON schema: mostly fitting, sometimes the wrong type or a hostile value. */
export function schemaArbitrary(
  schema: Schema | undefined,
  components: Record<string, Schema>,
  options: ArbitraryOptions,
  depth = 0,
): fc.Arbitrary<Json> {
  if (!schema || depth > 6) return anyJson
  const s = resolve(schema, components)
  const variants = (s.anyOf ?? s.oneOf) as Schema[] | undefined
  let fitting: fc.Arbitrary<Json>
  if (variants?.length) {
    fitting = fc.oneof(...variants.map((v) => schemaArbitrary(v, components, options, depth + 1)))
  } else if (Array.isArray(s.allOf) && s.allOf.length) {
    fitting = schemaArbitrary(s.allOf[0] as Schema, components, options, depth + 1)
  } else if ('const' in s) {
    fitting = fc.constant(s.const as Json)
  } else {
    const types = (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []) as string[]
    const arbs: fc.Arbitrary<Json>[] = types.map((type) => {
      switch (type) {
        case 'string':
          return stringArb(s, options)
        case 'number':
        case 'integer':
          return numberArb(s)
        case 'boolean':
          return fc.boolean()
        case 'null':
          return fc.constant(null)
        case 'array': {
          const maxLength = Math.min(typeof s.maxItems === 'number' ? s.maxItems + 1 : 4, 4)
          return fc.array(schemaArbitrary(s.items as Schema | undefined, components, options, depth + 1), { maxLength })
        }
        case 'object':
          return objectArbitrary(s, components, options, depth)
        default:
          return anyJson
      }
    })
    if (!arbs.length && s.properties) arbs.push(objectArbitrary(s, components, options, depth))
    fitting = arbs.length ? fc.oneof(...arbs) : anyJson
  }
  return fc.oneof(
    { arbitrary: fitting, weight: 8 },
    { arbitrary: anyJson, weight: 1 },
    { arbitrary: fc.constantFrom<Json>(...HOSTILE_STRINGS.slice(0, 8), null, -1, true, [], {}), weight: 1 },
  )
}

function objectArbitrary(s: Schema, components: Record<string, Schema>, options: ArbitraryOptions, depth: number): fc.Arbitrary<Json> {
  const properties = (s.properties ?? {}) as Record<string, Schema>
  const required = (s.required ?? []) as string[]
  const model: Record<string, fc.Arbitrary<Json>> = {}
  for (const [key, value] of Object.entries(properties)) model[key] = schemaArbitrary(value, components, options, depth + 1)
  const complete = fc.record(model, { requiredKeys: required.filter((k) => k in model) }) as fc.Arbitrary<Record<string, Json>>
  const partial = fc.record(model, { requiredKeys: [] }) as fc.Arbitrary<Record<string, Json>>
  const extra = fc.dictionary(
    fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor', '\u0000', '$set')),
    anyJson,
    { maxKeys: 2 },
  )
  return fc
    .tuple(fc.oneof({ arbitrary: complete, weight: 4 }, { arbitrary: partial, weight: 1 }), fc.option(extra, { freq: 4 }))
    .map(([fields, more]) => (more ? { ...more, ...fields } : fields))
}

interface Operation {
  parameters?: { in: string; name: string; schema?: Schema; required?: boolean }[]
  requestBody?: { content?: Record<string, { schema?: Schema }> }
}

const MALFORMED_BODIES = ['{', '{"a":', '[', 'null', '"x"', '', '\u0000', '{"a":"\\ud800"}', '{"a":"\\u0000"}', 'a=1&b=2']

function bodyArbitrary(
  schema: Schema | undefined,
  components: Record<string, Schema>,
  options: ArbitraryOptions,
): fc.Arbitrary<FuzzRequest['body']> {
  const raw = fc.record({
    raw: fc.constantFrom(...MALFORMED_BODIES),
    type: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
  })
  return fc.oneof(
    { arbitrary: schemaArbitrary(schema, components, options), weight: 12 },
    { arbitrary: anyJson, weight: 1 },
    { arbitrary: raw, weight: 1 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  )
}

function queryArbitrary(
  params: { name: string; schema?: Schema }[],
  components: Record<string, Schema>,
  options: ArbitraryOptions,
): fc.Arbitrary<string> {
  const value = (schema: Schema | undefined) =>
    schemaArbitrary(schema, components, options).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)))
  const fields = fc.tuple(...params.map((p) => fc.option(value(p.schema), { freq: 3 }).map((v) => [p.name, v] as const)))
  const extra = fc.option(fc.tuple(fc.string({ maxLength: 6 }), fc.constantFrom(...HOSTILE_STRINGS)), { freq: 4 })
  const malformed = fc.option(fc.constantFrom('%E0%A4%A', '%00=%00', '%ZZ', '&&&', '=', 'a[b]=c&a[b]=d'), { freq: 10 })
  return fc.tuple(fields, extra, malformed).map(([pairs, more, bad]) => {
    const search = new URLSearchParams()
    for (const [name, v] of pairs) if (v !== null) search.append(name, v)
    if (more) search.append(more[0], more[1])
    const text = search.toString()
    return bad ? [text, bad].filter(Boolean).join('&') : text
  })
}

/**
 * One arbitrary request per operation of the document (under `prefix`), and for the other concrete
 * routes (e.g. /img/:id, /img/upload, /health) free-form ones.
 */
export function requestArbitraries(
  doc: OpenApiDoc,
  prefix: string,
  otherRoutes: { method: string; path: string }[],
  options: ArbitraryOptions,
): { route: string; arbitrary: fc.Arbitrary<FuzzRequest> }[] {
  const components = doc.components?.schemas ?? {}
  const out: { route: string; arbitrary: fc.Arbitrary<FuzzRequest> }[] = []
  // A URL cannot carry half a surrogate pair (it is sent as U+FFFD, as browsers do).
  const segment = stringArb({}, options).map((v) => encodeURIComponent(v.replace(LONE_SURROGATE, '\ufffd')) || 'x')
  for (const [template, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const params = op.parameters ?? []
      const pathParams = params.filter((p) => p.in === 'path')
      const route = `${method.toUpperCase()} ${prefix}${template}`
      const pathArb = fc.tuple(...pathParams.map(() => segment)).map((values) => {
        let p = `${prefix}${template}`
        pathParams.forEach((param, i) => (p = p.replace(`{${param.name}}`, values[i]!)))
        return p
      })
      const schema = op.requestBody?.content?.['application/json']?.schema
      const arbitrary = fc
        .record({
          path: pathArb,
          query: queryArbitrary(
            params.filter((p) => p.in === 'query'),
            components,
            options,
          ),
          body: op.requestBody ? bodyArbitrary(schema, components, options) : fc.constant(undefined),
        })
        .map(({ path, query, body }) => ({ route, method: method.toUpperCase(), url: query ? `${path}?${query}` : path, body }))
      out.push({ route, arbitrary })
    }
  }
  for (const r of otherRoutes) {
    const route = `${r.method} ${r.path}`
    const pathArb = fc.tuple(...[...r.path.matchAll(/:(\w+)/g)].map(() => segment)).map((values) => {
      let i = 0
      return r.path.replace(/:(\w+)/g, () => values[i++]!)
    })
    const query = queryArbitrary(
      [{ name: 'w' }, { name: 'h' }, { name: 'f' }, { name: 'q' }, { name: 'cx' }, { name: 'fx' }],
      components,
      options,
    )
    const body = r.method === 'GET' || r.method === 'HEAD' ? fc.constant(undefined) : bodyArbitrary(undefined, components, options)
    out.push({
      route,
      arbitrary: fc
        .record({ path: pathArb, query, body })
        .map(({ path, query: q, body: b }) => ({ route, method: r.method, url: q ? `${path}?${q}` : path, body: b })),
    })
  }
  return out
}

/** The OpenAPI document as the fuzz reads it. */
export type OpenApiDoc = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } }

/**
 * Every integer a request of the document may carry (query and path parameters, body fields at any
 * depth), as 'POST /page/save body.page.version' with the maximum it declares.
 */
export function requestIntegers(doc: OpenApiDoc): { where: string; maximum: number | undefined }[] {
  const components = doc.components?.schemas ?? {}
  const found: { where: string; maximum: number | undefined }[] = []
  const walk = (schema: Schema | undefined, where: string, depth: number) => {
    if (!schema || depth > 8) return
    const s = resolve(schema, components)
    const types = Array.isArray(s.type) ? s.type : [s.type]
    if (types.includes('integer')) found.push({ where, maximum: typeof s.maximum === 'number' ? s.maximum : undefined })
    for (const [key, value] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) walk(value, `${where}.${key}`, depth + 1)
    walk(s.items as Schema | undefined, `${where}[]`, depth + 1)
    for (const variant of [s.anyOf, s.oneOf, s.allOf].flatMap((list) => (Array.isArray(list) ? (list as Schema[]) : [])))
      walk(variant, where, depth + 1)
  }
  for (const [path, operations] of Object.entries(doc.paths))
    for (const [method, operation] of Object.entries(operations)) {
      const route = `${method.toUpperCase()} ${path}`
      for (const parameter of operation.parameters ?? []) walk(parameter.schema, `${route} ${parameter.in}.${parameter.name}`, 0)
      for (const content of Object.values(operation.requestBody?.content ?? {})) walk(content.schema, `${route} body`, 0)
    }
  return found
}

/** Turns a generated request into fetch arguments. */
export function toRequestInit(req: FuzzRequest, headers: Record<string, string>): RequestInit {
  const init: RequestInit = { method: req.method, headers: { ...headers } }
  if (req.body === undefined || req.method === 'GET' || req.method === 'HEAD') return init
  if (
    req.body &&
    typeof req.body === 'object' &&
    !Array.isArray(req.body) &&
    'raw' in req.body &&
    'type' in req.body &&
    Object.keys(req.body).length === 2
  ) {
    init.body = String(req.body.raw)
    ;(init.headers as Record<string, string>)['content-type'] = String(req.body.type)
  } else {
    init.body = JSON.stringify(req.body)
    ;(init.headers as Record<string, string>)['content-type'] = 'application/json'
  }
  return init
}

/** Tables that are not content: sessions, mail, counters, visitors' enquiries, sync bookkeeping. */
export const NOT_CONTENT = new Set([
  'sessions',
  'password_resets',
  'mail_outbox',
  'rate_limits',
  'enquiries',
  'listing_sync_runs',
  'setup_codes',
  // Measurement (issue 37): counts of visits, written by the collector's timer, not content.
  'result_events',
  'result_daily',
  'result_salts',
])

/**
 * Rows a refused request writes by design, left out of the comparison: failed sign-ins are logged
 * (issue 29 point 10), counted per account and minute.
 */
const RECORDED_REFUSALS: Record<string, string> = { activity: `where t.action <> 'sign-in-failed'` }
const rowsOf = (name: string) => `from "${name}" t ${RECORDED_REFUSALS[name] ?? ''}`

/** Every row of every content table, as text (sorted), to compare before and after. */
export async function dumpContent(db: Db): Promise<Record<string, string[]>> {
  const tables = await rows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  )
  const dump: Record<string, string[]> = {}
  for (const { table_name: name } of tables) {
    if (NOT_CONTENT.has(name) || name.startsWith('__')) continue
    const found = await rows<{ row: string }>(db, sql.raw(`select t::text as row ${rowsOf(name)} order by 1`))
    dump[name] = found.map((r) => r.row)
  }
  return dump
}

/** One digest of all content tables: cheap enough to take after every request. */
export async function contentDigest(db: Db, tables: string[]): Promise<string> {
  const parts = tables.map(
    (name) => `select '${name}' as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h ${rowsOf(name)}`,
  )
  const [row] = await rows<{ digest: string }>(
    db,
    sql.raw(`select md5(string_agg(n || h, ',' order by n)) as digest from (${parts.join(' union all ')}) s`),
  )
  return row?.digest ?? ''
}

async function rows<T>(db: Db, query: ReturnType<typeof sql> | ReturnType<typeof sql.raw>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}
