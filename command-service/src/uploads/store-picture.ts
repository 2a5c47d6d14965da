import { once } from 'node:events';
import {
  type PictureSize,
  type PostImageSize,
  pictureSizes,
  postImageSizes,
} from '@careers/contracts/api/file-routes';
import { uploadLimits } from '@careers/contracts/constants';
import { postMessages, profileMessages } from '@careers/contracts/messages';
import { type ObjectStorage, storageKeys } from '@careers/service-kit/object-storage';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { type DomainError, refuse } from '../pipeline/domain-error.ts';

/**
 * The two sizes a picture is kept in, both WebP: `large` for the Profile screen (fit inside, never
 * enlarged), `avatar` for the top bar, cards and comments (a centred square, sharp at 48 CSS pixels on
 * a 2x screen).
 */
export const pictureRenditions = {
  large: { width: 800, height: 800, fit: 'inside', quality: 82 },
  avatar: { width: 96, height: 96, fit: 'cover', quality: 80 },
} as const satisfies Record<PictureSize, { width: number; height: number; fit: string; quality: number }>;

/**
 * The most pixels a picture may decode to. A 5 MB file can still claim a huge canvas (a PNG of one
 * colour compresses to almost nothing); decoding is refused past this, before memory is spent on it.
 * 40 megapixels is more than the phones' default photos.
 */
export const MAX_PICTURE_PIXELS = 40_000_000;

export const pictureKeys = (pictureId: string): string[] =>
  pictureSizes.map((size) => storageKeys.picture(pictureId, size));

/** One size an upload is kept in: how the decoded image is drawn for it. */
type Rendition = (decoded: Sharp) => Sharp;

/** What decoding and drawing an upload gives: each size's bytes and dimensions, or why it could not. */
type Rendered<K extends string> =
  | { ok: true; outputs: Record<K, { data: Buffer; info: OutputInfo }> }
  | { ok: false; reason: 'too many pixels' | 'not an image' };

/**
 * Decodes an uploaded image and draws each rendition from it, re-encoded: what is stored is pixels the
 * server drew, never the uploader's bytes, so no metadata (EXIF GPS positions, camera serials, XMP,
 * comments) and nothing hidden after the image survives. The orientation the camera recorded is applied
 * first, since the tag that carried it is dropped.
 *
 * The bytes are piped into the decoder as they arrive (it needs them all before it can decode; the
 * upload's size limit bounds that). A failure of `chunks` (a limit passed, a request cut off) is thrown.
 */
async function renderUpload<K extends string>(
  chunks: AsyncIterable<Buffer>,
  renditions: Record<K, Rendition>,
): Promise<Rendered<K>> {
  const decoder = sharp({ limitInputPixels: MAX_PICTURE_PIXELS, failOn: 'error' });
  // A decoding failure reaches us through the renditions below; the input stream itself must not
  // turn one into an unhandled 'error' event.
  decoder.on('error', () => {});
  const names = Object.keys(renditions) as K[];
  const outputs = Promise.all(
    names.map((name) => renditions[name](decoder.clone().autoOrient()).toBuffer({ resolveWithObject: true })),
  );
  // Settled here too, so an upload given up halfway leaves no unhandled rejection behind.
  outputs.catch(() => {});

  try {
    for await (const chunk of chunks) {
      if (!decoder.write(chunk)) await once(decoder, 'drain');
    }
    decoder.end();
  } catch (error) {
    decoder.destroy();
    throw error;
  }

  try {
    const drawn = await outputs;
    return {
      ok: true,
      outputs: Object.fromEntries(names.map((name, i) => [name, drawn[i]])) as Record<
        K,
        { data: Buffer; info: OutputInfo }
      >,
    };
  } catch (error) {
    // The first bytes named an image the decoder could not read through: damaged, or not one at all.
    // A canvas past the pixel limit is too large an image, whatever its file size.
    return {
      ok: false,
      reason: /pixel limit/i.test((error as Error).message) ? 'too many pixels' : 'not an image',
    };
  }
}

/**
 * Decodes the uploaded picture and stores it re-encoded (`renderUpload`) in both sizes under
 * `pictureId`. Resolves with the byte size of the large one, or a refusal; nothing is left in the
 * bucket after a refusal or a failure.
 */
export async function storePicture(
  storage: ObjectStorage,
  pictureId: string,
  chunks: AsyncIterable<Buffer>,
): Promise<{ size: number } | DomainError> {
  const draw =
    (size: PictureSize): Rendition =>
    (decoded) => {
      const { width, height, fit, quality } = pictureRenditions[size];
      return decoded.resize(width, height, { fit, withoutEnlargement: size === 'large' }).webp({ quality });
    };
  const rendered = await renderUpload(chunks, { large: draw('large'), avatar: draw('avatar') });
  if (!rendered.ok) {
    return rendered.reason === 'too many pixels'
      ? refuse.tooLarge(profileMessages.fileTooLarge(uploadLimits.profilePicture.maxBytes))
      : refuse.invalid(profileMessages.pictureNotImage);
  }
  const { large, avatar } = rendered.outputs;
  try {
    await Promise.all([
      storage.putBuffer(storageKeys.picture(pictureId, 'large'), large.data, 'image/webp'),
      storage.putBuffer(storageKeys.picture(pictureId, 'avatar'), avatar.data, 'image/webp'),
    ]);
  } catch (error) {
    await storage.remove(pictureKeys(pictureId)).catch(() => {});
    throw error;
  }
  return { size: large.data.length };
}

/**
 * The two sizes a post's picture is kept in, both WebP, neither ever enlarged: `small` for phones and
 * the feed's grid (at most 640 wide; a tall picture at most 1,600 high, so a long screenshot stays
 * legible without becoming huge), `large` for a picture opened alone and wide screens (fit inside
 * 1,600 by 1,600).
 */
export const postImageRenditions = {
  small: { width: 640, height: 1600, quality: 80 },
  large: { width: 1600, height: 1600, quality: 82 },
} as const satisfies Record<PostImageSize, { width: number; height: number; quality: number }>;

export const postImageKeys = (imageId: string): string[] =>
  postImageSizes.map((size) => storageKeys.postImage(imageId, size));

/**
 * Decodes a picture uploaded for a post and stores it re-encoded (`renderUpload`, as a profile picture)
 * in both sizes under `imageId`. Resolves with the large one's dimensions (what the post's event and
 * page carry) and the bytes stored, or a refusal; nothing is left in the bucket after a refusal or a
 * failure.
 */
export async function storePostImage(
  storage: ObjectStorage,
  imageId: string,
  chunks: AsyncIterable<Buffer>,
): Promise<{ width: number; height: number; bytes: number } | DomainError> {
  const draw =
    (size: PostImageSize): Rendition =>
    (decoded) => {
      const { width, height, quality } = postImageRenditions[size];
      return decoded.resize(width, height, { fit: 'inside', withoutEnlargement: true }).webp({ quality });
    };
  const rendered = await renderUpload(chunks, { small: draw('small'), large: draw('large') });
  if (!rendered.ok) {
    return rendered.reason === 'too many pixels'
      ? refuse.tooLarge(postMessages.imageTooLarge(uploadLimits.postImage.maxBytes))
      : refuse.invalid(postMessages.imageNotImage);
  }
  const { small, large } = rendered.outputs;
  try {
    await Promise.all([
      storage.putBuffer(storageKeys.postImage(imageId, 'small'), small.data, 'image/webp'),
      storage.putBuffer(storageKeys.postImage(imageId, 'large'), large.data, 'image/webp'),
    ]);
  } catch (error) {
    await storage.remove(postImageKeys(imageId)).catch(() => {});
    throw error;
  }
  return { width: large.info.width, height: large.info.height, bytes: small.data.length + large.data.length };
}
