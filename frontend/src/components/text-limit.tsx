import { textLimitMessages } from '@careers/contracts/messages';
import { formatCount, useLanguage } from '../lib/locale';

/** How close to its limit the count of characters left starts to show. */
export const TEXT_LIMIT_NEAR = 200;

/**
 * Where `text` stands against `max` characters, counted as it would be sent (trimmed, as the
 * schemas count it): `left` may be negative, `near` is within TEXT_LIMIT_NEAR of the limit.
 */
export function textLimit(text: string, max: number) {
  const left = max - text.trim().length;
  return { max, left, over: left < 0, near: left >= 0 && left <= TEXT_LIMIT_NEAR };
}

export type TextLimit = ReturnType<typeof textLimit>;

interface TextLimitNoteProps {
  /** For the field's aria-describedby. */
  id: string;
  limit: TextLimit;
  /** The sentence past the limit: the maximum and the characters over, already written. */
  tooLong(max: string, over: string): string;
}

/**
 * "N characters left" near the limit, the field's own sentence past it. The paragraph is always there
 * (empty far from the limit) so screen readers, told politely, hear it change as the person types or
 * pastes, rather than missing a live region that appeared with its first words.
 */
export function TextLimitNote({ id, limit, tooLong }: TextLimitNoteProps) {
  const language = useLanguage();
  let text = '';
  if (limit.over) text = tooLong(formatCount(limit.max, language), formatCount(-limit.left, language));
  else if (limit.near) text = textLimitMessages.charactersLeft(limit.left, formatCount(limit.left, language));
  return (
    <p id={id} className={limit.over ? 'text-limit text-limit-over' : 'text-limit'} aria-live="polite">
      {text}
    </p>
  );
}

/** The field's attributes that go with the note: described by it once it says something. */
export function textLimitDescription(id: string, limit: TextLimit) {
  return {
    'aria-describedby': limit.over || limit.near ? id : undefined,
    'aria-invalid': limit.over || undefined,
  } as const;
}
