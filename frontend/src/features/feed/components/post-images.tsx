import type { PostImage } from '@careers/contracts/entities/post';
import { postImageMessages } from '@careers/contracts/messages';
import { type KeyboardEvent, type MouseEvent, useLayoutEffect, useRef, useState } from 'react';
import { CloseIcon } from '../../../components/icons';

/**
 * How wide a picture is drawn, for the browser to choose between `small` (640 wide) and `large`
 * (1,600): the feed is at most 680 pixels wide, so alone a picture is about the window's width on a
 * phone and 640 beyond; in a grid, about half of that. On a screen of two pixels a point, a picture
 * alone takes `large`.
 */
const sizes = {
  alone: '(max-width: 720px) 100vw, 640px',
  grid: '(max-width: 720px) 50vw, 320px',
} as const;

/**
 * What a picture says to whoever cannot see it: its author's description, else that there is none
 * (as LinkedIn says it), so a picture is never silent nor a nameless button.
 */
function altOf(image: PostImage): string {
  return image.alt.trim() || postImageMessages.noAltText;
}

/**
 * A post's pictures under its text (beyond the spec): one alone at full width in its own shape; two
 * side by side; three as one tall and two; four in two rows. In a grid each picture is cropped to its
 * cell; the whole picture is one click away. Each picture carries its width and height, so the page
 * keeps its place before it loads, and loads only when near the screen.
 *
 * Each picture is a button that opens it large in a modal dialog (the native <dialog>: the rest of the
 * page is inert meanwhile). Escape, Close, or a click beside the picture closes it, and the focus goes
 * back to the picture it was opened from.
 */
export function PostImages({ images }: { images: readonly PostImage[] }) {
  const [opened, setOpened] = useState<number | null>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const returnTo = useRef<number | null>(null);

  // Once the dialog has closed (its cleanup ran first): while it is open, the page under it is inert
  // and cannot take the focus.
  useLayoutEffect(() => {
    if (opened !== null || returnTo.current === null) return;
    buttons.current[returnTo.current]?.focus();
    returnTo.current = null;
  }, [opened]);

  if (images.length === 0) return null;
  const alone = images.length === 1;
  const shown = opened === null ? undefined : images[opened];

  function close() {
    if (opened === null) return;
    returnTo.current = opened;
    setOpened(null);
  }

  return (
    <>
      <ul className={`post-images post-images-${images.length}`} aria-label={postImageMessages.images}>
        {images.map((image, index) => (
          <li key={image._id} className="post-image">
            <button
              type="button"
              className="post-image-button"
              aria-haspopup="dialog"
              ref={(button) => {
                buttons.current[index] = button;
              }}
              onClick={() => setOpened(index)}
            >
              <img
                src={image.urls.small}
                srcSet={`${image.urls.small} 640w, ${image.urls.large} 1600w`}
                sizes={alone ? sizes.alone : sizes.grid}
                alt={altOf(image)}
                width={image.width}
                height={image.height}
                loading="lazy"
                decoding="async"
              />
            </button>
          </li>
        ))}
      </ul>
      {shown && opened !== null ? (
        <ImageDialog
          image={shown}
          label={postImageMessages.imageOf(opened + 1, images.length)}
          onClose={close}
        />
      ) : null}
    </>
  );
}

/**
 * One picture, large, in a modal <dialog> named "Image 2 of 3", its alt text written under it. The
 * Close button takes the focus as it opens. Escape is handled here rather than left to the browser's
 * own `cancel`, so the dialog closes the same way everywhere and the card hears of it.
 */
function ImageDialog({ image, label, onClose }: { image: PostImage; label: string; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // Taken out of the page on closing, the dialog leaves the top layer with it: no close() needed.
    if (!element.open) element.showModal();
    closeButton.current?.focus();
  }, []);

  function keyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose();
  }

  // A click on the dialog itself, not on what it holds, is a click on the backdrop beside the picture.
  function click(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget) onClose();
  }

  return (
    <dialog
      ref={dialog}
      className="image-dialog"
      aria-label={label}
      onKeyDown={keyDown}
      onClick={click}
      // Other ways a browser closes a dialog (the back gesture of a phone): the card hears of it too.
      onCancel={onClose}
      onClose={onClose}
    >
      <div className="image-dialog-body">
        <button
          type="button"
          ref={closeButton}
          className="button button-ghost image-dialog-close"
          onClick={onClose}
        >
          <CloseIcon />
          {postImageMessages.close}
        </button>
        <img
          className="image-dialog-picture"
          src={image.urls.large}
          alt={altOf(image)}
          width={image.width}
          height={image.height}
        />
        {/* What the picture's alt already says, for those who see it too. */}
        {image.alt.trim() === '' ? null : (
          <p className="image-dialog-alt" aria-hidden="true" dir="auto">
            {image.alt}
          </p>
        )}
      </div>
    </dialog>
  );
}
