import { uploadLimits } from '@careers/contracts/constants';
import { postMessages, profileMessages, requestMessages } from '@careers/contracts/messages';
import type { FastifyRequest } from 'fastify';
import { type DomainError, refuse } from '../pipeline/domain-error.ts';
import { type FileFormat, SNIFF_BYTES, sniffFormat } from './file-type.ts';

/** One uploaded file, being received: its first bytes are read, the rest is still on the wire. */
export interface IncomingFile {
  /** The name the uploader's machine gave it: only ever shown (made safe), never part of a key. */
  filename: string;
  /** What its first bytes say it is. */
  format: FileFormat;
  /**
   * Its bytes, from the first, as they arrive. Iterating ends in a refusal when the file passes its
   * limit ('too large') or the request is cut off ('invalid'): whoever stores the bytes must then drop
   * what it stored.
   */
  chunks: AsyncIterable<Buffer>;
}

/** Each upload takes one file part; anything beyond a few small fields is not a form of ours. */
const formLimits = { files: 1, fields: 10, fieldSize: 1024, parts: 20, headerPairs: 100 };

/**
 * Starts receiving the upload's one file (field `uploadLimits[kind].field`) and decides its format by
 * its first bytes, before anything is stored: a file refused for its type never reaches the bucket.
 * `refusalFor` says which formats the upload takes (null: taken). The limit is enforced while the rest
 * streams in: the multipart parser stops keeping bytes past `maxBytes` and marks the file truncated.
 */
export async function receiveFile(
  request: FastifyRequest,
  kind: keyof typeof uploadLimits,
  refusalFor: (format: FileFormat | null) => string | null,
): Promise<IncomingFile | DomainError> {
  const { field, maxBytes } = uploadLimits[kind];
  const missing = () => refuse.invalid(profileMessages.fileMissing);
  const cutOff = () =>
    refuse.invalid(
      kind === 'postImage' ? requestMessages.invalidRequest : profileMessages.uploadFailed(kind),
    );
  const tooLarge = () =>
    refuse.tooLarge(
      kind === 'postImage' ? postMessages.imageTooLarge(maxBytes) : profileMessages.fileTooLarge(maxBytes),
    );
  if (!request.isMultipart()) return missing();

  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: { ...formLimits, fileSize: maxBytes } });
  } catch {
    return cutOff();
  }
  if (!part) return missing();
  const { file } = part;
  if (part.fieldname !== field) {
    file.resume();
    return missing();
  }

  const source = file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  try {
    while (headBytes < SNIFF_BYTES) {
      const next = await source.next();
      if (next.done) {
        ended = true;
        break;
      }
      head.push(next.value);
      headBytes += next.value.length;
    }
  } catch {
    return cutOff();
  }
  // A file input left empty still sends its part, with no bytes.
  if (headBytes === 0) return missing();
  const first = Buffer.concat(head);
  const format = sniffFormat(first);
  const refusal = refusalFor(format);
  if (refusal || !format) {
    await source.return?.();
    return refuse.invalid(refusal ?? profileMessages.fileMissing);
  }

  async function* chunks(): AsyncGenerator<Buffer> {
    let received = first.length;
    yield first;
    while (!ended) {
      let next: IteratorResult<Buffer>;
      try {
        next = await source.next();
      } catch {
        throw cutOff();
      }
      if (next.done) break;
      received += next.value.length;
      if (received > maxBytes) break;
      yield next.value;
    }
    if (file.truncated || received > maxBytes) throw tooLarge();
  }

  return { filename: part.filename, format, chunks: chunks() };
}
