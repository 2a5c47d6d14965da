import { MAX_POST_IMAGES, POST_IMAGE_ALT_MAX_LENGTH, uploadLimits } from '@careers/contracts/constants';
import { postImageMessages, postMessages } from '@careers/contracts/messages';
import type { PostImageInput } from '@careers/contracts/requests/create-post';
import { type ChangeEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { ImageIcon } from '../../../components/icons';
import { TextLimitNote, textLimit } from '../../../components/text-limit';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { uploadPostImage } from '../api/upload-post-image';

const imageTypes = uploadLimits.postImage.contentTypes.join(',');

/**
 * The server's rules for a post's picture (contracts' uploadLimits.postImage), checked before sending
 * so a wrong file costs no upload: an image, of a type the server keeps, 10 MB at most. Returns the
 * server's own words for a refusal, else null. The server checks the bytes again.
 */
export function checkPostImage(file: { type: string; size: number }): string | null {
  const limit = uploadLimits.postImage;
  const allowed: readonly string[] = limit.contentTypes;
  if (!file.type.startsWith('image/')) return postMessages.imageNotImage;
  if (!allowed.includes(file.type)) return postMessages.imageTypeNotSupported;
  if (file.size > limit.maxBytes) return postMessages.imageTooLarge(limit.maxBytes);
  return null;
}

/** A chosen picture: previewed at once from the file, uploaded at once, described by its author. */
export interface ComposerImage {
  /** The composer's own key (the server's id comes only once the upload is done). */
  key: string;
  fileName: string;
  /** An object URL of the chosen file, revoked when the picture leaves the composer. */
  previewUrl: string;
  status: 'uploading' | 'uploaded' | 'failed';
  imageId: string | null;
  /** Why the upload failed, in the server's words when it gave any. */
  error: string | null;
  /**
   * Whether sending the file again may work: it failed on the way (no answer, the server failing, too
   * many at once), not refused for what it is (the server read it as no image, say).
   */
  retriable: boolean;
  alt: string;
}

/** A failure that sending the same file again may get past: no answer, a 5xx, or a rate limit. */
function retriableFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === null || error.status >= 500 || error.status === 429;
}

/**
 * The composer's pictures (beyond the spec): up to MAX_POST_IMAGES, each checked, then uploaded on its
 * own as soon as it is chosen (POST /posts/images), so that by the time the text is written they are
 * usually there; Post then only names them. A picture removed while it uploads stops its upload (the
 * server forgets pictures no post names within the hour anyway). A picture whose upload failed on the
 * way can be sent again (Retry, from the file kept for it); one the server refused, only removed.
 *
 * Focus: Remove takes the picture's controls away, so the focus goes to the next picture's alt text,
 * else to Add images, rather than falling to the top of the page.
 */
export function useComposerImages() {
  const [images, setImages] = useState<ComposerImage[]>([]);
  const [refusals, setRefusals] = useState<string[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const uploads = useRef(new Map<string, AbortController>());
  /** Each picture's file, for a Retry, until the picture leaves the composer. */
  const chosenFiles = useRef(new Map<string, File>());
  const shown = useRef(images);
  const focusNext = useRef<string | null>(null);
  const lastKey = useRef(0);
  const id = useId();
  const ids = {
    addButton: `${id}add`,
    note: `${id}note`,
    blocked: `${id}blocked`,
    of: (key: string) => ({
      alt: `${id}${key}alt`,
      hint: `${id}${key}hint`,
      limit: `${id}${key}limit`,
      status: `${id}${key}status`,
      remove: `${id}${key}remove`,
    }),
  };

  useLayoutEffect(() => {
    shown.current = images;
    if (focusNext.current === null) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  // Leaving the screen: the previews' memory goes, and uploads still running stop.
  useEffect(
    () => () => {
      for (const image of shown.current) URL.revokeObjectURL(image.previewUrl);
      for (const upload of uploads.current.values()) upload.abort();
    },
    [],
  );

  function update(key: string, fields: Partial<ComposerImage>) {
    setImages((all) => all.map((image) => (image.key === key ? { ...image, ...fields } : image)));
  }

  function upload(key: string, file: File) {
    const controller = new AbortController();
    uploads.current.set(key, controller);
    uploadPostImage(file, controller.signal)
      .then(
        (stored) => update(key, { status: 'uploaded', imageId: stored._id }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          update(key, {
            status: 'failed',
            error: errorMessageOf(error, postImageMessages.uploadFailed),
            retriable: retriableFailure(error),
          });
        },
      )
      .finally(() => uploads.current.delete(key));
  }

  /** Takes the files that pass the checks, as many as there is room for, and says why others did not. */
  function add(files: readonly File[]) {
    const said: string[] = [];
    const taken: { image: ComposerImage; file: File }[] = [];
    let room = MAX_POST_IMAGES - images.length;
    let overflow = false;
    for (const file of files) {
      const refusal = checkPostImage(file);
      if (refusal) {
        said.push(postImageMessages.refusedFile(file.name, refusal));
      } else if (room === 0) {
        overflow = true;
      } else {
        room--;
        const image: ComposerImage = {
          key: `image${++lastKey.current}`,
          fileName: file.name,
          previewUrl: URL.createObjectURL(file),
          status: 'uploading',
          imageId: null,
          error: null,
          retriable: false,
          alt: '',
        };
        taken.push({ image, file });
      }
    }
    if (overflow) said.push(postMessages.tooManyImages);
    setRefusals(said);
    if (taken.length === 0) return;
    setImages((all) => [...all, ...taken.map(({ image }) => image)]);
    for (const { image, file } of taken) {
      chosenFiles.current.set(image.key, file);
      upload(image.key, file);
    }
  }

  /** Sends a failed picture again; the focus goes to its alt text, which comes back with the upload. */
  function retry(key: string) {
    const file = chosenFiles.current.get(key);
    if (!file || uploads.current.has(key)) return;
    focusNext.current = ids.of(key).alt;
    update(key, { status: 'uploading', error: null, retriable: false });
    upload(key, file);
  }

  function remove(key: string) {
    const at = images.findIndex((image) => image.key === key);
    const image = images[at];
    if (!image) return;
    uploads.current.get(key)?.abort();
    chosenFiles.current.delete(key);
    URL.revokeObjectURL(image.previewUrl);
    // A failed picture has no alt text to focus: its Remove, described by its error, instead.
    const next = images[at + 1];
    const nextIds = next ? ids.of(next.key) : null;
    focusNext.current = nextIds ? (next?.status === 'failed' ? nextIds.remove : nextIds.alt) : ids.addButton;
    setImages((all) => all.filter((one) => one.key !== key));
    setRefusals([]);
  }

  /** After the post is published: the pictures are in it now (the composer empties, as its text does). */
  function clear() {
    for (const image of shown.current) URL.revokeObjectURL(image.previewUrl);
    for (const running of uploads.current.values()) running.abort();
    chosenFiles.current.clear();
    setImages([]);
    setRefusals([]);
  }

  const uploading = images.some((image) => image.status === 'uploading');
  const failed = images.find((image) => image.status === 'failed');
  const altTooLong = images.find((image) => textLimit(image.alt, POST_IMAGE_ALT_MAX_LENGTH).over);

  return {
    images,
    refusals,
    ids,
    fileInput,
    add,
    remove,
    retry,
    clear,
    setAlt: (key: string, alt: string) => update(key, { alt }),
    refuse: (message: string) => setRefusals([message]),
    full: images.length >= MAX_POST_IMAGES,
    uploading,
    /** Whether Post may send the pictures: none uploading, none failed, no alt text too long. */
    ready: !uploading && !failed && !altTooLong,
    /** Why Post sends nothing yet, said beside it; null when the pictures are ready. */
    blocked: uploading
      ? postImageMessages.waitForUploads
      : failed
        ? postImageMessages.removeFailedImages
        : null,
    /**
     * Where Post sends the focus when a picture stops it: a failed picture's Remove (described by its
     * error), else an alt text that is too long (described by its limit). Null when nothing stops it.
     */
    problem: (): HTMLElement | null => {
      if (failed) return document.getElementById(ids.of(failed.key).remove);
      if (altTooLong) return document.getElementById(ids.of(altTooLong.key).alt);
      return null;
    },
    /** What createPost sends: the uploaded pictures in order, alt text trimmed as the server keeps it. */
    input: images.flatMap((image): PostImageInput[] =>
      image.imageId === null ? [] : [{ imageId: image.imageId, alt: image.alt.trim() }],
    ),
  };
}

export type ComposerImages = ReturnType<typeof useComposerImages>;

/**
 * "Add images": a real button (a file input is hard to style and to name), which opens the hidden file
 * input. At the limit it opens nothing and says why instead.
 */
export function AddImagesButton({ images }: { images: ComposerImages }) {
  function chosen(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    // Choosing the same file again (after removing it, or a refusal) must fire `change` again.
    event.target.value = '';
    images.add(files);
  }

  return (
    <>
      <input
        ref={images.fileInput}
        type="file"
        accept={imageTypes}
        multiple
        hidden
        tabIndex={-1}
        onChange={chosen}
      />
      <button
        type="button"
        id={images.ids.addButton}
        className="button button-ghost post-composer-add-images"
        aria-disabled={images.full || undefined}
        aria-describedby={images.refusals.length > 0 ? images.ids.note : undefined}
        onClick={() => {
          if (images.full) images.refuse(postMessages.tooManyImages);
          else images.fileInput.current?.click();
        }}
      >
        <ImageIcon />
        {postImageMessages.addImages}
      </button>
    </>
  );
}

/**
 * The chosen pictures in order, each with its preview, its upload's state, its alt text and Remove;
 * and under them what the composer refused of the last choice. The refusals' region is always there,
 * so screen readers hear it when it fills.
 */
export function ComposerImageList({ images }: { images: ComposerImages }) {
  return (
    <>
      {images.images.length > 0 ? (
        <ul className="composer-images" aria-label={postImageMessages.images}>
          {images.images.map((image, index) => (
            <ComposerImageItem key={image.key} image={image} n={index + 1} images={images} />
          ))}
        </ul>
      ) : null}
      <div id={images.ids.note} className="composer-images-note" aria-live="polite">
        {images.refusals.map((refusal) => (
          <p key={refusal}>{refusal}</p>
        ))}
      </div>
    </>
  );
}

function ComposerImageItem({
  image,
  n,
  images,
}: {
  image: ComposerImage;
  n: number;
  images: ComposerImages;
}) {
  const ids = images.ids.of(image.key);
  const limit = textLimit(image.alt, POST_IMAGE_ALT_MAX_LENGTH);
  const failed = image.status === 'failed';
  const describedBy = [ids.hint, limit.near || limit.over ? ids.limit : null].filter(Boolean).join(' ');
  const status = {
    uploading: postImageMessages.uploading,
    uploaded: postImageMessages.uploaded,
    failed: image.error,
  }[image.status];

  return (
    <li
      className={failed ? 'composer-image composer-image-failed' : 'composer-image'}
      aria-busy={image.status === 'uploading' || undefined}
    >
      <img
        className="composer-image-preview"
        src={image.previewUrl}
        alt={postImageMessages.preview(n, image.fileName)}
      />
      <div className="composer-image-body">
        {/* Always there, so the end of the upload (done, or the server's refusal) is heard. */}
        <p id={ids.status} className="composer-image-status" aria-live="polite">
          {status}
        </p>
        {failed ? null : (
          <div className="field composer-image-alt">
            <label className="field-label" htmlFor={ids.alt}>
              {postImageMessages.altText}{' '}
              <span className="visually-hidden">{postImageMessages.altTextFor(n)}</span>
            </label>
            <textarea
              id={ids.alt}
              className="input"
              rows={2}
              dir="auto"
              value={image.alt}
              aria-describedby={describedBy}
              aria-invalid={limit.over || undefined}
              onChange={(event) => images.setAlt(image.key, event.target.value)}
            />
            <p id={ids.hint} className="field-hint">
              {postImageMessages.altHint}
            </p>
            <TextLimitNote id={ids.limit} limit={limit} tooLong={postImageMessages.altTooLong} />
          </div>
        )}
        {failed && image.retriable ? (
          <button
            type="button"
            className="button button-ghost composer-image-retry"
            aria-describedby={ids.status}
            onClick={() => images.retry(image.key)}
          >
            {postImageMessages.retry}{' '}
            <span className="visually-hidden">{postImageMessages.retryWhich(n)}</span>
          </button>
        ) : null}
        <button
          type="button"
          id={ids.remove}
          className="button button-ghost composer-image-remove"
          aria-describedby={failed ? ids.status : undefined}
          onClick={() => images.remove(image.key)}
        >
          {postImageMessages.remove}{' '}
          <span className="visually-hidden">{postImageMessages.removeWhich(n)}</span>
        </button>
      </div>
    </li>
  );
}
