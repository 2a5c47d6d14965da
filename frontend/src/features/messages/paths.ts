/** The conversation list. */
export const messagesPath = '/messages';

/** One conversation's thread (beside the list on a wide screen). */
export function conversationPath(conversationId: string): string {
  return `${messagesPath}/${encodeURIComponent(conversationId)}`;
}
