/** One socket's count pushes for one post, in arrival order. */
export interface PushArrivals {
  /** Arrival times (ms, on the same clock as the likes' reply times). */
  at: readonly number[];
  /** The post stream version each push's consistency token names. */
  version: readonly number[];
}

/**
 * How long each like took to reach one socket, given the socket's pushes for the post and each like's
 * stream version and reply time: until the first push at or past the like's version (the count after
 * it, or after a later like: the gateway sends a busy post's newest count once per short window, not
 * every like's). A push that arrived before the reply counts as 0 ms and as `early`; a like no push
 * reached is `missing`.
 */
export function likeLatencies(
  pushes: PushArrivals,
  likes: ReadonlyArray<readonly [version: number, repliedAt: number]>,
): { samples: number[]; missing: number; early: number } {
  const byVersion = [...likes].sort((a, b) => a[0] - b[0]);
  const samples: number[] = [];
  let missing = 0;
  let early = 0;
  let next = 0;
  let newest = Number.NEGATIVE_INFINITY;
  for (const [version, repliedAt] of byVersion) {
    // The newest version pushed so far only grows, so one pass over the pushes finds each like's first.
    while (newest < version && next < pushes.at.length) {
      newest = Math.max(newest, pushes.version[next] ?? 0);
      next++;
    }
    if (newest < version) {
      missing++;
      continue;
    }
    const wait = (pushes.at[next - 1] ?? 0) - repliedAt;
    if (wait < 0) early++;
    samples.push(Math.max(0, wait));
  }
  return { samples, missing, early };
}

/** When the first push at or past `version` arrived, if one did. */
export function firstPushAt(pushes: PushArrivals, version: number): number | undefined {
  for (let i = 0; i < pushes.at.length; i++) {
    if ((pushes.version[i] ?? 0) >= version) return pushes.at[i];
  }
  return undefined;
}
