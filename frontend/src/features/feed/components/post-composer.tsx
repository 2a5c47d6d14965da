import { POST_CONTENT_MAX_LENGTH } from '@careers/contracts/constants';
import type { PostVisibility } from '@careers/contracts/entities/enums';
import { feedMessages, postMessages, screenMessages, textLimitMessages } from '@careers/contracts/messages';
import { type FormEvent, useId, useRef, useState } from 'react';
import { TextLimitNote, textLimit, textLimitDescription } from '../../../components/text-limit';
import { useIntents } from '../../../lib/intent';
import { useCreatePost } from '../api/create-post';
import { AddImagesButton, ComposerImageList, useComposerImages } from './post-composer-images';

/**
 * Spec, Feed: the Post button appears once there is text and stays disabled while the text is blank.
 * A failure is an alert and keeps the text, so nothing typed is lost.
 *
 * Focus: while the post is sent the button is aria-disabled, not disabled (a focused button that
 * becomes disabled drops focus to the top of the page); once the post is published, focus goes back to
 * the cleared composer before the button disappears with the text, ready for the next post, with the
 * new post right under it. A person who has moved on to something else meanwhile keeps their focus.
 *
 * Length: within 200 characters of the limit the composer counts down what is left; past it, it says
 * so and Post sends nothing. The text is never cut (a browser's maxLength would silently drop the
 * end of a long paste), so the person decides what to remove.
 *
 * Who sees it (beyond the spec): Everyone or Connections only, chosen beside Post; the choice stays for
 * the next post, as the person left it.
 *
 * Pictures (beyond the spec, post-composer-images.tsx): up to four, each uploaded as soon as it is
 * chosen. Post sends nothing while one uploads, or one failed (the focus goes to its Remove), and says
 * why beside it; the post names the uploaded pictures in order, with their alt text, and they clear
 * once it is published.
 */
export function PostComposer() {
  const [content, setContent] = useState('');
  const [visibility, setVisibility] = useState<PostVisibility>('public');
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const create = useCreatePost();
  const intents = useIntents();
  const limitId = useId();
  const blank = content.trim() === '';
  const limit = textLimit(content, POST_CONTENT_MAX_LENGTH);
  const images = useComposerImages();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (blank) return;
    if (limit.over) {
      // The field is described by the limit's sentence: back in it, the reader hears what to do.
      input.current?.focus();
      return;
    }
    if (images.uploading) return;
    const problem = images.problem();
    if (problem) {
      problem.focus();
      return;
    }
    // One post per intent: a second click while it is sent sends nothing, and posting the same text to
    // the same people again after a failure carries the same key (lib/intent.ts).
    const text = content.trim();
    const key = intents.begin('post', { text, visibility, images: images.input });
    if (key === null) return;
    create.mutate(
      { content: text, visibility, key, images: images.input },
      {
        onSettled: (_post, error) => intents.end('post', !error),
        onSuccess: () => {
          const focused = document.activeElement;
          if (!focused || focused === document.body || form.current?.contains(focused))
            input.current?.focus();
          setContent('');
          images.clear();
        },
        onError: () => window.alert(postMessages.createFailed),
      },
    );
  }

  return (
    <form className="card post-composer" ref={form} onSubmit={submit}>
      <div className="text-limit-field">
        <textarea
          ref={input}
          className="input post-composer-input"
          name="content"
          aria-label={screenMessages.composerPlaceholder}
          placeholder={screenMessages.composerPlaceholder}
          rows={3}
          dir="auto"
          value={content}
          {...textLimitDescription(limitId, limit)}
          onChange={(event) => setContent(event.target.value)}
        />
        <TextLimitNote id={limitId} limit={limit} tooLong={textLimitMessages.postTooLong} />
      </div>
      <ComposerImageList images={images} />
      <div className="post-composer-bar">
        <AddImagesButton images={images} />
        {content === '' ? null : (
          <div className="form-actions">
            <label className="post-composer-visibility">
              <span className="visually-hidden">{feedMessages.visibilityLabel}</span>
              <select
                className="input"
                value={visibility}
                onChange={(event) => setVisibility(event.target.value as PostVisibility)}
              >
                <option value="public">{feedMessages.visibilityPublic}</option>
                <option value="connections">{feedMessages.visibilityConnections}</option>
              </select>
            </label>
            <button
              type="submit"
              className="button"
              disabled={blank}
              aria-disabled={create.isPending || limit.over || !images.ready || undefined}
              aria-describedby={images.blocked === null ? undefined : images.ids.blocked}
            >
              {create.isPending ? 'Posting...' : 'Post'}
            </button>
          </div>
        )}
      </div>
      {content === '' || images.blocked === null ? null : (
        <p id={images.ids.blocked} className="post-composer-blocked">
          {images.blocked}
        </p>
      )}
    </form>
  );
}
