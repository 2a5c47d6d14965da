import type { Readable } from 'node:stream';
import type { ObjectStorage } from '@careers/service-kit/object-storage';

export interface StoredFile {
  /** Absent when only the headers were asked for (HEAD). */
  body?: Readable;
  /** Bytes. */
  size: number;
}

/**
 * Opens an object for streaming, or null when it is not stored (a file removed after the read model
 * last named it, or deleted between the look and the read). Nothing is read into memory: the body
 * streams from the store to the client. A HEAD request opens no body at all. Any other failure is
 * thrown (500).
 */
export async function openStoredFile(
  storage: ObjectStorage,
  key: string,
  method: string,
): Promise<StoredFile | null> {
  const stat = await storage.stat(key);
  if (!stat) return null;
  if (method === 'HEAD') return { size: stat.size };
  try {
    return { body: await storage.get(key), size: stat.size };
  } catch (error) {
    if ((error as { code?: string }).code === 'NoSuchKey') return null;
    throw error;
  }
}
