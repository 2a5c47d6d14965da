import type { Readable } from 'node:stream';
import type { ObjectStorage } from '@careers/service-kit/object-storage';

export interface StoredFile {
  body: Readable;
  /** Bytes. */
  size: number;
}

/** The codes S3 answers for a key that is not there: NoSuchKey to a GET, NotFound to a HEAD. */
const MISSING = new Set(['NoSuchKey', 'NotFound']);

/**
 * Opens an object for streaming, or null when it is not stored (a file removed after the read model
 * still named it, or a removal's delete that ran before the projection caught up). Nothing is read
 * into memory: the body streams from the store to the client. Any other failure is thrown (500).
 */
export async function openStoredFile(storage: ObjectStorage, key: string): Promise<StoredFile | null> {
  try {
    const { size } = await storage.client.statObject(storage.bucket, key);
    const body = await storage.client.getObject(storage.bucket, key);
    return { body, size };
  } catch (error) {
    if (MISSING.has((error as { code?: string }).code ?? '')) return null;
    throw error;
  }
}
