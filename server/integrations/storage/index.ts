import path from 'node:path'
import type { Config } from '../../config.ts'
import { createLocalStorage } from './local.ts'
import { createS3Storage } from './s3.ts'
import type { Storage } from './types.ts'

export type { Storage } from './types.ts'
export { createLocalStorage } from './local.ts'
export { createS3Storage } from './s3.ts'

/** S3-compatible storage when S3_BUCKET is configured, else the local folder `${dataDir}/media`. */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Storage {
  if (config.s3) return createS3Storage(config.s3)
  return createLocalStorage(path.join(config.dataDir, 'media'))
}
