import { describe, expect, it } from 'vitest';
import { unsubscribeToken, verifyUnsubscribeToken } from './unsubscribe.ts';

const secret = 'a-secret-of-at-least-thirty-two-characters';

describe('unsubscribe tokens', () => {
  it('name the person and kind they were signed for', () => {
    const token = unsubscribeToken('user-1', 'connections', secret);
    expect(verifyUnsubscribeToken(token, secret)).toEqual({ u: 'user-1', k: 'connections' });
  });

  it('are refused when signed with another secret, altered, or not tokens at all', () => {
    const token = unsubscribeToken('user-1', 'connections', secret);
    expect(verifyUnsubscribeToken(token, `${secret}!`)).toBeNull();
    expect(token.length).toBeLessThan(100); // a path segment Fastify takes whole
    const signature = token.split('~')[2];
    expect(verifyUnsubscribeToken(`user-2~connections~${signature}`, secret)).toBeNull();
    expect(verifyUnsubscribeToken(`user-1~job_alerts~${signature}`, secret)).toBeNull();
    for (const bad of ['', '~', 'abc', `${token}~x`, 'a~b~c', `${token.slice(0, -2)}`]) {
      expect(verifyUnsubscribeToken(bad, secret)).toBeNull();
    }
  });
});
