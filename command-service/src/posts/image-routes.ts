import { randomUUID } from 'node:crypto';
import { postMessages } from '@careers/contracts/messages';
import { routes } from '@careers/contracts/routes';
import type { ObjectStorage } from '@careers/service-kit/object-storage';
import { type PipelineDeps, registerCommand } from '../pipeline/command-pipeline.ts';
import { type DomainError, isRefusal } from '../pipeline/domain-error.ts';
import type { FileFormat } from '../uploads/file-type.ts';
import { receiveFile } from '../uploads/receive-file.ts';
import { postImageKeys, storePostImage } from '../uploads/store-picture.ts';
import type { PostImageStore } from './image-store.ts';

export interface PostImageRouteDeps extends PipelineDeps {
  images: PostImageStore;
  storage: ObjectStorage;
}

/** A post's pictures take what a profile picture takes: JPEG, PNG, GIF or WebP (SVG can carry script). */
export function postImageRefusal(format: FileFormat | null): string | null {
  if (format === 'jpeg' || format === 'png' || format === 'gif' || format === 'webp') return null;
  return format === 'other-image' ? postMessages.imageTypeNotSupported : postMessages.imageNotImage;
}

/** The upload as stored: its id and the large rendition's size, and both renditions' bytes. */
interface StoredImage {
  imageId: string;
  width: number;
  height: number;
  bytes: number;
}

/**
 * `POST /posts/images`: a picture for a post to come, uploaded first (as Mastodon and LinkedIn do), so
 * the composer can show it sent while the author writes, and the post itself stays a small JSON command
 * that names its pictures by id.
 *
 * It records no event. An upload is not a fact of the product until a post names it: it is staged
 * (`PostImageStore`, as idempotency_keys keeps answers), and the post's PostCreated records the picture
 * when a post consumes it. One no post names within an hour is deleted with its objects by the
 * uploads sweeper.
 *
 * The pipeline still runs it (session, rate limit, Idempotency-Key, undoing the stored objects of an
 * upload that does not commit): the bytes are received, checked by their first bytes, re-encoded and
 * stored in `prepare` (no transaction open while they arrive), and the staging row is written in
 * `load`, in the command's transaction, since a command that decides no event has nothing `save` would
 * be called for. A keyed upload's answer is stored in that same transaction, with the row.
 */
export function registerPostImageRoutes(deps: PostImageRouteDeps): void {
  const { images, storage } = deps;

  registerCommand(deps, {
    route: routes.uploadPostImage,
    async prepare({ request }): Promise<StoredImage | DomainError> {
      const file = await receiveFile(request, 'postImage', postImageRefusal);
      if (isRefusal(file)) return file;
      const imageId = randomUUID();
      const stored = await storePostImage(storage, imageId, file.chunks);
      return isRefusal(stored) ? stored : { imageId, ...stored };
    },
    async load(tx, { actor, now }, image) {
      await images.stage(tx.client, { ...image, ownerId: actor.userId, uploadedAt: now });
      return image;
    },
    decide: () => [],
    stream: () => {
      throw new Error('an upload of a post picture records no event');
    },
    evolve: (state) => state,
    save: async () => {},
    respond: ({ imageId, width, height }) => ({ data: { _id: imageId, width, height } }),
    abandon: (_input, { imageId }) => storage.remove(postImageKeys(imageId)),
  });
}
