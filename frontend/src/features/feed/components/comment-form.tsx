import { COMMENT_MAX_LENGTH } from '@careers/contracts/constants';
import { textLimitMessages } from '@careers/contracts/messages';
import { type FormEvent, useId, useRef, useState } from 'react';
import { TextLimitNote, textLimit, textLimitDescription } from '../../../components/text-limit';
import { useIntents } from '../../../lib/intent';
import { useAddComment } from '../api/add-comment';

/**
 * Spec section 5: a blank comment is not sent. A failure is only logged, and the text stays. As in the
 * post composer, the characters left show near the limit, and a comment past it is kept, not cut, and
 * not sent until it is short enough.
 */
export function CommentForm({ postId }: { postId: string }) {
  const [content, setContent] = useState('');
  const add = useAddComment(postId);
  const intents = useIntents();
  const input = useRef<HTMLInputElement>(null);
  const limitId = useId();
  const blank = content.trim() === '';
  const limit = textLimit(content, COMMENT_MAX_LENGTH);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (blank) return;
    if (limit.over) {
      input.current?.focus();
      return;
    }
    // One comment per intent (lib/intent.ts): a double click sends once.
    const text = content.trim();
    const key = intents.begin('comment', text);
    if (key === null) return;
    add.mutate(
      { content: text, key },
      { onSettled: (_comment, error) => intents.end('comment', !error), onSuccess: () => setContent('') },
    );
  }

  return (
    <form className="comment-form" onSubmit={submit}>
      <div className="text-limit-field">
        <input
          ref={input}
          className="input"
          name="comment"
          aria-label="Write a comment"
          placeholder="Write a comment..."
          autoComplete="off"
          dir="auto"
          value={content}
          {...textLimitDescription(limitId, limit)}
          onChange={(event) => setContent(event.target.value)}
        />
        <TextLimitNote id={limitId} limit={limit} tooLong={textLimitMessages.commentTooLong} />
      </div>
      <button
        type="submit"
        className="button"
        disabled={blank || add.isPending}
        aria-disabled={limit.over || undefined}
      >
        Comment
      </button>
    </form>
  );
}
