import { MESSAGE_MAX_LENGTH } from '@careers/contracts/constants';
import { messagingScreenMessages as texts } from '@careers/contracts/messages';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { TextLimitNote, textLimit, textLimitDescription } from '../../../components/text-limit';

interface ComposerProps {
  /** The other person's name, for the field's label. */
  name: string;
  onSend(text: string): void;
  /** At each keystroke: tells the other person the reader is typing (paced by useTypingSignal). */
  onType(): void;
}

/**
 * The thread's composer: Enter sends, Shift+Enter starts a new line (and Enter while an input method
 * composes a word only ends the word). Within 200 characters of MESSAGE_MAX_LENGTH it counts down what
 * is left; past it, it says so and sends nothing, and the text is never cut (as the post composer).
 * A send clears the field at once and leaves the focus in it for the next message: the message shows
 * in the thread as sent, and a failure is told there, with Retry.
 */
export function Composer({ name, onSend, onType }: ComposerProps) {
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const limitId = useId();
  const hintId = useId();
  const limit = textLimit(text, MESSAGE_MAX_LENGTH);
  const blank = text.trim() === '';

  function send() {
    if (blank) return;
    if (limit.over) {
      input.current?.focus();
      return;
    }
    onSend(text.trim());
    setText('');
    input.current?.focus();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  }

  const described = textLimitDescription(limitId, limit);
  return (
    <form className="message-composer" onSubmit={submit}>
      <div className="text-limit-field">
        <textarea
          ref={input}
          className="input message-composer-input"
          name="message"
          aria-label={texts.composerLabel(name)}
          placeholder={texts.composerPlaceholder}
          rows={2}
          dir="auto"
          value={text}
          {...described}
          aria-describedby={[described['aria-describedby'], hintId].filter(Boolean).join(' ')}
          onKeyDown={onKeyDown}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value.trim() !== '') onType();
          }}
        />
        <TextLimitNote id={limitId} limit={limit} tooLong={texts.messageTooLong} />
        <p id={hintId} className="visually-hidden">
          {texts.composerHint}
        </p>
      </div>
      <button type="submit" className="button" disabled={blank} aria-disabled={limit.over || undefined}>
        {texts.send}
      </button>
    </form>
  );
}
