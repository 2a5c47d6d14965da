import { feedMessages } from '@careers/contracts/messages';
import { formatDateTime, useLanguage } from '../../../lib/locale';

/**
 * "· Edited" after a post's or a comment's time once its author has changed it: the instant of the
 * last change for machines, and written in the reader's language as a tooltip ("Edited 17/01/2025,
 * 12:30"). The dot is not read, and stays on the line of the word.
 */
export function EditedMark({ at }: { at: string }) {
  const language = useLanguage();
  return (
    <span className="edited">
      <span aria-hidden="true">· </span>
      <time className="edited-mark" dateTime={at} title={feedMessages.editedAt(formatDateTime(at, language))}>
        {feedMessages.edited}
      </time>
    </span>
  );
}
