/**
 * The threads on screen in this tab while the tab is visible. A message of the other person that
 * arrives in one of them is read at once (the thread marks it), so the list and the sidebar count do
 * not rise for it in the meantime.
 */
const visible = new Set<string>();

export function showingThread(conversationId: string, showing: boolean): void {
  if (showing) visible.add(conversationId);
  else visible.delete(conversationId);
}

export function isThreadShowing(conversationId: string): boolean {
  return visible.has(conversationId);
}
