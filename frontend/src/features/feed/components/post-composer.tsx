import { POST_CONTENT_MAX_LENGTH } from '@careers/contracts/constants';
import { postMessages, screenMessages } from '@careers/contracts/messages';
import { type FormEvent, useState } from 'react';
import { useCreatePost } from '../api/create-post';

/**
 * Spec, Feed: the Post button appears once there is text and stays disabled while the text is blank.
 * A failure is an alert and keeps the text, so nothing typed is lost.
 */
export function PostComposer() {
  const [content, setContent] = useState('');
  const create = useCreatePost();
  const blank = content.trim() === '';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (blank || create.isPending) return;
    create.mutate(content.trim(), {
      onSuccess: () => setContent(''),
      onError: () => window.alert(postMessages.createFailed),
    });
  }

  return (
    <form className="card post-composer" onSubmit={submit}>
      <textarea
        className="input post-composer-input"
        name="content"
        aria-label={screenMessages.composerPlaceholder}
        placeholder={screenMessages.composerPlaceholder}
        rows={3}
        maxLength={POST_CONTENT_MAX_LENGTH}
        value={content}
        onChange={(event) => setContent(event.target.value)}
      />
      {content === '' ? null : (
        <div className="form-actions">
          <button type="submit" className="button" disabled={blank || create.isPending}>
            {create.isPending ? 'Posting...' : 'Post'}
          </button>
        </div>
      )}
    </form>
  );
}
