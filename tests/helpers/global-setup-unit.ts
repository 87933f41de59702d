/**
 * Global setup of the unit projects: the migrated template database (tests/helpers/db.ts) is made
 * here, once, before the test files start in parallel; each file then loads or copies it.
 */
import { pgliteTemplateFile, postgresTemplate } from './db.ts'

export default async function setup() {
  await pgliteTemplateFile()
  if (process.env.TEST_DATABASE_URL) await postgresTemplate(process.env.TEST_DATABASE_URL)
}
