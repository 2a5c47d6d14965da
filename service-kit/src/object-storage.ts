import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import type { PictureSize, PostImageSize } from '@careers/contracts/api/file-routes';
import { Client } from 'minio';

export interface S3Settings {
  S3_ENDPOINT: string;
  S3_REGION: string;
  S3_ACCESS_KEY: string;
  S3_SECRET_KEY: string;
  S3_BUCKET: string;
  S3_FORCE_PATH_STYLE: boolean;
}

/**
 * Where each uploaded file lives in the bucket, derived from the id the server gave it and nothing
 * else: no name the client chose ever becomes part of a key. The command-service writes these objects
 * and the query-service serves them, both through this one table.
 *
 *   pictures/{pictureId}/large.webp, pictures/{pictureId}/avatar.webp, resumes/{resumeId}.pdf,
 *   post-images/{imageId}/small.webp, post-images/{imageId}/large.webp
 *
 * An application's copy of a resume is just another resume id.
 */
export const storageKeys = {
  picturesPrefix: 'pictures/',
  resumesPrefix: 'resumes/',
  postImagesPrefix: 'post-images/',
  picture: (pictureId: string, size: PictureSize): string => `pictures/${pictureId}/${size}.webp`,
  resume: (resumeId: string): string => `resumes/${resumeId}.pdf`,
  postImage: (imageId: string, size: PostImageSize): string => `post-images/${imageId}/${size}.webp`,
} as const;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const PICTURE_KEY = new RegExp(`^pictures/(${UUID})/(large|avatar)\\.webp$`);
const RESUME_KEY = new RegExp(`^resumes/(${UUID})\\.pdf$`);
const POST_IMAGE_KEY = new RegExp(`^post-images/(${UUID})/(small|large)\\.webp$`);

/** The file a key belongs to, or null for a key outside the layout (never touched by the sweeper). */
export function fileOfKey(key: string): { kind: 'picture' | 'resume' | 'postImage'; id: string } | null {
  const picture = PICTURE_KEY.exec(key);
  if (picture?.[1]) return { kind: 'picture', id: picture[1] };
  const resume = RESUME_KEY.exec(key);
  if (resume?.[1]) return { kind: 'resume', id: resume[1] };
  const postImage = POST_IMAGE_KEY.exec(key);
  if (postImage?.[1]) return { kind: 'postImage', id: postImage[1] };
  return null;
}

/**
 * The size of each part of a streamed upload. The S3 protocol needs a part's length before it is sent
 * and allows no smaller part than 5 MiB (except the last), so this is the most a streamed upload ever
 * holds in memory: a 10 MB file passes through as two full parts and a small last one. Without it the
 * client picks parts large enough for a 5 TiB object and would hold any upload whole.
 */
export const UPLOAD_PART_BYTES = 5 * 1024 * 1024;

export interface StoredObject {
  key: string;
  lastModified: Date;
  size: number;
}

/**
 * Object storage over plain S3: endpoint, region, path-style and keys come from the environment, so any
 * S3-compatible store serves (MinIO locally).
 */
export class ObjectStorage {
  readonly client: Client;
  readonly bucket: string;
  private readonly region: string;

  constructor(settings: S3Settings) {
    const url = new URL(settings.S3_ENDPOINT);
    const useSSL = url.protocol === 'https:';
    this.client = new Client({
      endPoint: url.hostname,
      port: url.port ? Number(url.port) : useSSL ? 443 : 80,
      useSSL,
      accessKey: settings.S3_ACCESS_KEY,
      secretKey: settings.S3_SECRET_KEY,
      region: settings.S3_REGION,
      pathStyle: settings.S3_FORCE_PATH_STYLE,
      partSize: UPLOAD_PART_BYTES,
    });
    this.bucket = settings.S3_BUCKET;
    this.region = settings.S3_REGION;
  }

  async ensureBucket(): Promise<void> {
    if (await this.client.bucketExists(this.bucket)) return;
    try {
      await this.client.makeBucket(this.bucket, this.region);
    } catch (error) {
      // Another instance created it between the check and the create.
      if ((error as { code?: string }).code !== 'BucketAlreadyOwnedByYou') throw error;
    }
  }

  async ping(): Promise<void> {
    if (!(await this.client.bucketExists(this.bucket))) throw new Error(`bucket ${this.bucket} missing`);
  }

  /**
   * Streams `chunks` into `key` as they arrive, holding at most one part (`UPLOAD_PART_BYTES`) in
   * memory; resolves with the bytes stored.
   *
   * When `chunks` fails (a limit passed while reading, a request cut off), nothing of it may stay. The
   * client cannot be told to abandon an upload it is reading from a stream (it would wait for the end
   * forever), so the stream it reads is ended instead, the object it then completes is removed, and the
   * original error is thrown. A crash between the two is what the command-service's sweeper is for.
   */
  async putStream(key: string, chunks: AsyncIterable<Buffer>, contentType: string): Promise<number> {
    const body = new PassThrough();
    // Settles with the upload's error, or null once it is stored.
    const uploaded: Promise<unknown> = this.client
      .putObject(this.bucket, key, body, undefined, { 'Content-Type': contentType })
      .then(
        () => null,
        (error: unknown) => error ?? new Error(`upload of ${key} failed`),
      );
    let bytes = 0;
    let failure: unknown = null;
    let uploadError: unknown = null;
    try {
      for await (const chunk of chunks) {
        bytes += chunk.length;
        if (body.write(chunk)) continue;
        // Wait for room, unless the upload fails meanwhile (it would never make room then).
        const room = new AbortController();
        uploadError = await Promise.race([
          once(body, 'drain', { signal: room.signal }).then(
            () => null,
            () => null,
          ),
          uploaded,
        ]);
        room.abort();
        if (uploadError) break;
      }
    } catch (error) {
      failure = error;
    } finally {
      body.end();
    }
    uploadError = (await uploaded) ?? uploadError;
    if (failure || uploadError) {
      await this.remove([key]).catch(() => {});
      throw failure ?? uploadError;
    }
    return bytes;
  }

  async putBuffer(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.putObject(this.bucket, key, data, data.length, { 'Content-Type': contentType });
  }

  /** A server-side copy: the bytes never pass through this process. */
  async copy(fromKey: string, toKey: string): Promise<void> {
    await this.client.copyObject(this.bucket, toKey, `/${this.bucket}/${fromKey}`);
  }

  /** Removes the keys; a key already gone is not an error. */
  async remove(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    const results = await this.client.removeObjects(this.bucket, [...keys]);
    // The client's typing says `{ Error: {...} }`, its parser returns the error entries themselves.
    const failed = results
      .map((result) => (result as { Error?: unknown } | null)?.Error ?? result)
      .filter((entry): entry is { Code: string; Key?: string } => {
        const code = (entry as { Code?: unknown } | null)?.Code;
        return typeof code === 'string' && code !== 'NoSuchKey';
      });
    if (failed.length > 0) {
      throw new Error(`could not remove ${failed.map((f) => `${f.Key}: ${f.Code}`).join(', ')}`);
    }
  }

  /** Every object under the prefix, however many. */
  async *list(prefix: string): AsyncGenerator<StoredObject> {
    for await (const item of this.client.listObjectsV2(this.bucket, prefix, true)) {
      if (item.name && item.lastModified) {
        yield { key: item.name, lastModified: item.lastModified, size: item.size };
      }
    }
  }

  /** The object's bytes as a stream; rejects with code NoSuchKey when it does not exist. */
  get(key: string): Promise<Readable> {
    return this.client.getObject(this.bucket, key);
  }

  /** Size, type and date of an object, or null when it does not exist. */
  async stat(key: string): Promise<{ size: number; contentType: string; lastModified: Date } | null> {
    try {
      const stat = await this.client.statObject(this.bucket, key);
      return {
        size: stat.size,
        contentType: String(stat.metaData['content-type'] ?? 'application/octet-stream'),
        lastModified: stat.lastModified,
      };
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'NotFound' || code === 'NoSuchKey') return null;
      throw error;
    }
  }
}
