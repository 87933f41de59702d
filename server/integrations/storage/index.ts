import path from 'node:path'
import type { Config, S3Config } from '../../config.ts'
import { createLocalStorage } from './local.ts'
import type { Storage } from './types.ts'

export type { Storage } from './types.ts'
export { createLocalStorage } from './local.ts'

/** S3-compatible storage when S3_BUCKET is configured, else the local folder `${dataDir}/media`. */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Storage {
  if (config.s3) return lazyS3Storage(config.s3)
  return createLocalStorage(path.join(config.dataDir, 'media'))
}

/**
 * The S3 SDK is large: it is loaded on the first call to the bucket, and only when S3_BUCKET is
 * set, so a site on a local folder never loads it.
 */
function lazyS3Storage(config: S3Config): Storage {
  let storage: Promise<Storage> | undefined
  const s3 = () => (storage ??= import('./s3.ts').then(({ createS3Storage }) => createS3Storage(config)))
  return {
    kind: 's3',
    put: async (key, bytes, contentType) => (await s3()).put(key, bytes, contentType),
    get: async (key) => (await s3()).get(key),
    delete: async (key) => (await s3()).delete(key),
    check: async (timeoutMs) => (await s3()).check?.(timeoutMs),
  }
}
