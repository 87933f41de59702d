import { z } from 'zod'
import type { DomainDoc } from '#lib/content'
import { texts } from '#lib/texts'

const t = texts.editor.config

/** 'a.com, www.a.com,,b.com ' -> ['a.com', 'www.a.com', 'b.com'] (lower-cased, no duplicates). */
export function parseHostnames(input: string): string[] {
  return [
    ...new Set(
      input
        .split(/[,\s]+/)
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  ]
}

export const domainFormSchema = z.object({
  _id: z
    .string()
    .trim()
    .regex(/^[a-zA-Z0-9_-]+$/, t.idRequired),
  name: z.string().trim().min(1, t.nameRequired),
  hostnames: z.string(),
})
export type DomainFormValues = z.infer<typeof domainFormSchema>

/**
 * The domain as config/saveDomain takes it: an existing domain with the version it was loaded at
 * (the server refuses a change without it, and a stale one), a new domain without one.
 */
export function domainToSend(values: DomainFormValues, domain: DomainDoc | null) {
  return {
    _id: values._id.trim(),
    name: values.name.trim(),
    hostnames: parseHostnames(values.hostnames),
    ...(domain?.version !== undefined ? { version: domain.version } : {}),
  }
}

export const domainFormValues = (domain: DomainDoc | null): DomainFormValues => ({
  _id: domain?._id ?? '',
  name: domain?.name ?? '',
  hostnames: domain?.hostnames.join(', ') ?? '',
})
