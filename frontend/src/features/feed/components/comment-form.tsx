import { COMMENT_MAX_LENGTH } from '@careers/contracts/constants';
import { type FormEvent, useState } from 'react';
import { useIntents } from '../../../lib/intent';
import { useAddComment } from '../api/add-comment';

/** Spec section 5: a blank comment is not sent. A failure is only logged, and the text stays. */
export function CommentForm({ postId }: { postId: string }) {
  const [content, setContent] = useState('');
  const add = useAddComment(postId);
  const intents = useIntents();
  const blank = content.trim() === '';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (blank) return;
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
      <input
        className="input"
        name="comment"
        aria-label="Write a comment"
        placeholder="Write a comment..."
        autoComplete="off"
        dir="auto"
        maxLength={COMMENT_MAX_LENGTH}
        value={content}
        onChange={(event) => setContent(event.target.value)}
      />
      <button type="submit" className="button" disabled={blank || add.isPending}>
        Comment
      </button>
    </form>
  );
}
