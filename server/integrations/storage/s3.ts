import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import type { S3Config } from '../../config.ts'
import { assertValidKey, type Storage } from './types.ts'

/** Media in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO...), chosen when S3_BUCKET is set. */
export function createS3Storage(config: S3Config, client?: S3Client): Storage {
  const s3 =
    client ??
    new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      // Without explicit keys the SDK's default chain applies (environment, instance role...).
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
    })
  const Bucket = config.bucket
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      assertValidKey(key)
      await s3.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }))
    },
    async get(key) {
      assertValidKey(key)
      try {
        const out = await s3.send(new GetObjectCommand({ Bucket, Key: key }))
        if (!out.Body) return null
        return Buffer.from(await out.Body.transformToByteArray())
      } catch (err) {
        if (err instanceof NoSuchKey) return null
        // Some S3-compatible services answer a bare 404 instead of NoSuchKey.
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return null
        throw err
      }
    },
    async delete(key) {
      assertValidKey(key)
      await s3.send(new DeleteObjectCommand({ Bucket, Key: key }))
    },
    // HeadBucket: the cheapest call that proves the bucket answers and the credentials hold.
    async check(timeoutMs) {
      await s3.send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(timeoutMs) })
    },
  }
}
