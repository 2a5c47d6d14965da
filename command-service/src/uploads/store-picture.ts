import { once } from 'node:events';
import { type PictureSize, pictureSizes } from '@careers/contracts/api/file-routes';
import { uploadLimits } from '@careers/contracts/constants';
import { profileMessages } from '@careers/contracts/messages';
import { type ObjectStorage, storageKeys } from '@careers/service-kit/object-storage';
import sharp from 'sharp';
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

/**
 * Decodes the uploaded picture and stores it re-encoded in both sizes under `pictureId`: what is
 * stored is pixels the server drew, never the uploader's bytes, so no metadata (EXIF GPS positions,
 * camera serials, XMP, comments) and nothing hidden after the image survives. The orientation the
 * camera recorded is applied first, since the tag that carried it is dropped.
 *
 * The bytes are piped into the decoder as they arrive (it needs them all before it can decode; the
 * 5 MB limit bounds that). Resolves with the byte size of the large one, or a refusal; nothing is left
 * in the bucket after a refusal or a failure.
 */
export async function storePicture(
  storage: ObjectStorage,
  pictureId: string,
  chunks: AsyncIterable<Buffer>,
): Promise<{ size: number } | DomainError> {
  const decoder = sharp({ limitInputPixels: MAX_PICTURE_PIXELS, failOn: 'error' });
  // A decoding failure reaches us through the renditions below; the input stream itself must not
  // turn one into an unhandled 'error' event.
  decoder.on('error', () => {});
  const render = (size: PictureSize) => {
    const { width, height, fit, quality } = pictureRenditions[size];
    return decoder
      .clone()
      .autoOrient()
      .resize(width, height, { fit, withoutEnlargement: size === 'large' })
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });
  };
  const outputs = Promise.all([render('large'), render('avatar')]);
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

  let large: Buffer;
  let avatar: Buffer;
  try {
    [{ data: large }, { data: avatar }] = await outputs;
  } catch (error) {
    // The first bytes named an image the decoder could not read through: damaged, or not one at all.
    // A canvas past the pixel limit is too large an image, whatever its file size.
    if (/pixel limit/i.test((error as Error).message)) {
      return refuse.tooLarge(profileMessages.fileTooLarge(uploadLimits.profilePicture.maxBytes));
    }
    return refuse.invalid(profileMessages.pictureNotImage);
  }

  try {
    await Promise.all([
      storage.putBuffer(storageKeys.picture(pictureId, 'large'), large, 'image/webp'),
      storage.putBuffer(storageKeys.picture(pictureId, 'avatar'), avatar, 'image/webp'),
    ]);
  } catch (error) {
    await storage.remove(pictureKeys(pictureId)).catch(() => {});
    throw error;
  }
  return { size: large.length };
}
