import { describe, expect, it } from 'vitest';
import { firstPushAt, likeLatencies } from './push-latency.ts';

describe('likeLatencies', () => {
  it('times each like to the first push carrying its version', () => {
    const pushes = { at: [110, 230], version: [1, 2] };
    expect(
      likeLatencies(pushes, [
        [1, 100],
        [2, 200],
      ]),
    ).toEqual({ samples: [10, 30], missing: 0, early: 0 });
  });

  it('counts a like reached by a newer push (a coalesced window) at that push', () => {
    // Likes 2, 3 and 4 inside one window: only version 4 was pushed.
    const pushes = { at: [105, 160], version: [1, 4] };
    expect(
      likeLatencies(pushes, [
        [4, 130],
        [2, 110],
        [3, 120],
        [1, 100],
      ]),
    ).toEqual({
      samples: [5, 50, 40, 30],
      missing: 0,
      early: 0,
    });
  });

  it('counts a push before the reply as 0 ms and early', () => {
    expect(likeLatencies({ at: [95], version: [1] }, [[1, 100]])).toEqual({
      samples: [0],
      missing: 0,
      early: 1,
    });
  });

  it('counts a like no push reached as missing', () => {
    expect(
      likeLatencies({ at: [105], version: [1] }, [
        [1, 100],
        [2, 200],
      ]),
    ).toEqual({
      samples: [5],
      missing: 1,
      early: 0,
    });
  });

  it('is not fooled by an older push arriving after a newer one', () => {
    const pushes = { at: [105, 150, 170], version: [3, 2, 4] };
    expect(
      likeLatencies(pushes, [
        [2, 100],
        [3, 100],
        [4, 160],
      ]),
    ).toEqual({
      samples: [5, 5, 10],
      missing: 0,
      early: 0,
    });
  });
});

describe('firstPushAt', () => {
  const pushes = { at: [10, 20, 30], version: [2, 5, 7] };

  it('finds the first push at or past the version', () => {
    expect(firstPushAt(pushes, 1)).toBe(10);
    expect(firstPushAt(pushes, 2)).toBe(10);
    expect(firstPushAt(pushes, 3)).toBe(20);
    expect(firstPushAt(pushes, 7)).toBe(30);
  });

  it('is undefined when no push reached the version', () => {
    expect(firstPushAt(pushes, 8)).toBeUndefined();
    expect(firstPushAt({ at: [], version: [] }, 1)).toBeUndefined();
  });
});
