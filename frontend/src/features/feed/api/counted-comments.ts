/**
 * Comments whose count a live push has already applied. A push carries the post's absolute count, the
 * author's own reply only the comment, so when the push wins the race the reply must not add 1 again.
 */
const counted = new Set<string>();
const remembered = 500;

export function markCommentCounted(commentId: string): void {
  counted.add(commentId);
  if (counted.size > remembered) {
    const oldest = counted.values().next().value;
    if (oldest !== undefined) counted.delete(oldest);
  }
}

export function isCommentCounted(commentId: string): boolean {
  return counted.has(commentId);
}
