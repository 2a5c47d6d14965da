/**
 * The reader's sends under way in this tab, by conversation. The push about one's own message can come
 * before the send's reply; reading the thread again for it then would show the message twice for a
 * moment (the pending copy under the thread and the one read). So a push about one's own message in a
 * conversation with a send under way is held back: when the last of those sends ends, the thread is
 * read again if one was held (it may have been another tab's message), and the reply's message is put
 * in by id in any case.
 */
const sending = new Map<string, { count: number; held: boolean }>();

export function sendStarted(conversationId: string): void {
  const entry = sending.get(conversationId);
  if (entry) entry.count++;
  else sending.set(conversationId, { count: 1, held: false });
}

/** Whether a push about one's own message in the conversation waits for its sends to end (and is kept). */
export function holdOwnPush(conversationId: string): boolean {
  const entry = sending.get(conversationId);
  if (!entry) return false;
  entry.held = true;
  return true;
}

/** Ends one send; answers whether the thread should be read again (a push was held and none is left under way). */
export function sendEnded(conversationId: string): boolean {
  const entry = sending.get(conversationId);
  if (!entry) return false;
  entry.count--;
  if (entry.count > 0) return false;
  sending.delete(conversationId);
  return entry.held;
}
