import { useIntents } from '../../../lib/intent';

/** What a send is told back: settled either way, then success or failure. */
export interface SendCallbacks {
  onSettled: (reply: unknown, error: unknown) => void;
  onSuccess?: () => void;
  onError: () => void;
}

interface EditAndDeleteTexts {
  confirmDelete: string;
  editFailed: string;
  deleteFailed: string;
}

/**
 * Save and Delete of one's own post or comment, one intent and one Idempotency-Key each: a second click
 * while one is sent sends nothing, and saving the same text again after a failure carries the same key.
 * Delete asks first; a failure of either is said in an alert (the editor keeps the text).
 */
export function useEditAndDelete(
  send: {
    edit: (text: string, key: string, callbacks: SendCallbacks) => void;
    remove: (key: string, callbacks: SendCallbacks) => void;
  },
  texts: EditAndDeleteTexts,
  onEdited: () => void,
) {
  const intents = useIntents();

  function save(text: string) {
    const key = intents.begin('edit', text);
    if (key === null) return;
    send.edit(text, key, {
      onSettled: (_reply, error) => intents.end('edit', !error),
      onSuccess: onEdited,
      onError: () => window.alert(texts.editFailed),
    });
  }

  function askToDelete() {
    if (intents.isRunning('delete')) return;
    if (!window.confirm(texts.confirmDelete)) return;
    const key = intents.begin('delete');
    if (key === null) return;
    send.remove(key, {
      onSettled: (_reply, error) => intents.end('delete', !error),
      onError: () => window.alert(texts.deleteFailed),
    });
  }

  return { save, askToDelete };
}
