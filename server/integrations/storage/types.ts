/**
 * Where uploaded media bytes live. Keys are slash-separated relative paths such as
 * `originals/abc.jpg`; implementations must refuse anything that could escape their root.
 */
export interface Storage {
  readonly kind: 'local' | 's3'
  put(key: string, bytes: Buffer, contentType: string): Promise<void>
  /** The stored bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>
  /** Throws when the store cannot be reached within timeoutMs (/health; S3 only, the local folder is checked as a folder). */
  check?(timeoutMs: number): Promise<void>
}

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/

export function assertValidKey(key: string): void {
  if (key.length > 512 || !KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`)
  }
}
