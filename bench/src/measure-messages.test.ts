import { describe, expect, it } from 'vitest';
import { messageLatencies } from './measure-messages.ts';

describe('messageLatencies', () => {
  it('times each message from its reply to its first push on the recipient socket', () => {
    const arrivals = new Map([
      ['a', 112],
      ['b', 230],
    ]);
    expect(
      messageLatencies(
        [
          ['a', 100],
          ['b', 200],
        ],
        arrivals,
      ),
    ).toEqual({ samples: [12, 30], missing: 0, early: 0 });
  });

  it('counts a push before the reply as 0 ms and early', () => {
    expect(messageLatencies([['a', 100]], new Map([['a', 96]]))).toEqual({
      samples: [0],
      missing: 0,
      early: 1,
    });
  });

  it('counts a message no push reached as missing, and ignores pushes of other messages', () => {
    const arrivals = new Map([
      ['a', 105],
      ['from the warm-up', 50],
    ]);
    expect(
      messageLatencies(
        [
          ['a', 100],
          ['b', 200],
        ],
        arrivals,
      ),
    ).toEqual({ samples: [5], missing: 1, early: 0 });
  });

  it('gives nothing for no messages', () => {
    expect(messageLatencies([], new Map())).toEqual({ samples: [], missing: 0, early: 0 });
  });
});
