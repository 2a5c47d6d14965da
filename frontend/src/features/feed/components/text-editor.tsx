import { feedMessages } from '@careers/contracts/messages';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { TextLimitNote, textLimit, textLimitDescription } from '../../../components/text-limit';

interface TextEditorProps {
  /** The text box's accessible name ("Edit your post"). */
  label: string;
  /** The text as published: the editor starts with it, and Save waits for a change to it. */
  original: string;
  max: number;
  /** The sentence past the limit (textLimitMessages.postTooLong or commentTooLong). */
  tooLong(max: string, over: string): string;
  saving: boolean;
  /** The new text, trimmed as the server keeps it. */
  onSave(text: string): void;
  onCancel(): void;
  rows?: number;
  className?: string;
}

/**
 * Beyond the spec: a post's or a comment's text being changed in place. It opens with the focus at the
 * end of the text. Save is disabled while the text is blank or unchanged; past the limit it says so,
 * as the composer does, and Save sends nothing but takes the reader back to the text. While the change
 * is sent Save reads "Saving..." and, as Cancel, is aria-disabled rather than disabled, so the focus
 * stays on it. Cancel or Escape closes the editor without saving.
 */
export function TextEditor({
  label,
  original,
  max,
  tooLong,
  saving,
  onSave,
  onCancel,
  rows = 3,
  className,
}: TextEditorProps) {
  const [draft, setDraft] = useState(original);
  const input = useRef<HTMLTextAreaElement>(null);
  const limitId = useId();
  const text = draft.trim();
  const limit = textLimit(draft, max);
  const blank = text === '';
  const unchanged = text === original.trim();

  useEffect(() => {
    const field = input.current;
    if (!field) return;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (blank || unchanged || saving) return;
    if (limit.over) {
      input.current?.focus();
      return;
    }
    onSave(text);
  }

  function cancel() {
    if (!saving) onCancel();
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.stopPropagation();
    cancel();
  }

  return (
    <form
      className={className ? `text-editor ${className}` : 'text-editor'}
      onSubmit={submit}
      onKeyDown={onKeyDown}
    >
      <div className="text-limit-field">
        <textarea
          ref={input}
          className="input text-editor-input"
          aria-label={label}
          rows={rows}
          dir="auto"
          value={draft}
          {...textLimitDescription(limitId, limit)}
          onChange={(event) => setDraft(event.target.value)}
        />
        <TextLimitNote id={limitId} limit={limit} tooLong={tooLong} />
      </div>
      <div className="form-actions text-editor-actions">
        <button
          type="button"
          className="button button-ghost"
          aria-disabled={saving || undefined}
          onClick={cancel}
        >
          {feedMessages.cancel}
        </button>
        <button
          type="submit"
          className="button"
          disabled={blank || unchanged}
          aria-disabled={saving || limit.over || undefined}
        >
          {saving ? feedMessages.saving : feedMessages.save}
        </button>
      </div>
    </form>
  );
}
