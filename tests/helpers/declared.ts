/**
 * What a route declares it answers (its 200 JSON schema, the one the OpenAPI document and the
 * browser's generated types are made from), to hold a real answer to it: the declaration is the
 * contract an API client and the editor are typed by (decision 040).
 */
import { z, type OpenAPIHono } from '@hono/zod-openapi'
import { expect } from 'vitest'
import type { ApiEnv } from '../../server/api/context.ts'

export function declaredAnswer(router: OpenAPIHono<ApiEnv>, method: 'get' | 'post', path: string): z.ZodType {
  for (const definition of router.openAPIRegistry.definitions) {
    if (definition.type !== 'route' || definition.route.method !== method || definition.route.path !== path) continue
    const response = definition.route.responses[200]
    const media = response && 'content' in response ? response.content?.['application/json'] : undefined
    const schema = media && 'schema' in media ? media.schema : undefined
    if (schema instanceof z.ZodType) return schema
  }
  throw new Error(`No declared 200 JSON answer for ${method.toUpperCase()} ${path}`)
}

/** The answer is what the route declares: every declared field of its type, and no field the declaration leaves out. */
export function expectDeclared(schema: z.ZodType, answer: unknown): void {
  const parsed = schema.safeParse(answer)
  expect(parsed.error?.issues ?? []).toEqual([])
  const element: unknown = schema instanceof z.ZodArray ? schema.element : undefined
  if (element instanceof z.ZodType && Array.isArray(answer)) for (const item of answer) expectDeclared(element, item)
  if (schema instanceof z.ZodObject && answer && typeof answer === 'object') {
    expect(Object.keys(answer).filter((key) => !(key in schema.shape))).toEqual([])
  }
}
