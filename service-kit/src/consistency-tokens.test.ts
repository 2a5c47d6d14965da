import { randomBytes } from 'node:crypto';
import { parseConsistencyTokens } from '@careers/contracts/consistency';
import { describe, expect, it } from 'vitest';
import { testOnlySecrets } from './config.ts';
import { ConsistencyTokenSigner } from './consistency-tokens.ts';

const signer = new ConsistencyTokenSigner('a-secret-of-at-least-thirty-two-characters');
const stream = { streamId: '01936b32-3b4c-7d5e-af60-8c7d6e5f4a55', streamVersion: 3 };
const parse = (text: string) => parseConsistencyTokens(text)?.[0] ?? { streamId: '', streamVersion: 0 };

describe('ConsistencyTokenSigner (issue 14, finding 3)', () => {
  it('issues a token that verifies for the user it was issued to', () => {
    const text = signer.issue(stream, 'ada');
    expect(text).toMatch(/^01936b32-3b4c-7d5e-af60-8c7d6e5f4a55@3\.[\w-]{22}$/);
    expect(signer.verify(parse(text), 'ada')).toBe(true);
  });

  it("refuses another user's token, a made-up one, an altered version and an unsigned one", () => {
    const text = signer.issue(stream, 'ada');
    expect(signer.verify(parse(text), 'bob')).toBe(false);
    expect(signer.verify(parse(text.replace('@3.', '@4.')), 'ada')).toBe(false);
    expect(signer.verify(parse(`${stream.streamId}@3.AAAAAAAAAAAAAAAAAAAAAA`), 'ada')).toBe(false);
    expect(signer.verify(parse(`${stream.streamId}@3`), 'ada')).toBe(false);
  });

  it('does not verify tokens of another secret', () => {
    const other = new ConsistencyTokenSigner('another-secret-of-at-least-thirty-two-chars');
    expect(signer.verify(parse(other.issue(stream, 'ada')), 'ada')).toBe(false);
    expect(() => new ConsistencyTokenSigner('short')).toThrow(/32 characters/);
  });

  it('refuses a token signed with the built-in test secret where the deployment has its own (issue 48)', () => {
    // As scripts/secrets.sh makes one: 32 random bytes, base64url.
    const own = new ConsistencyTokenSigner(randomBytes(32).toString('base64url'));
    const forged = new ConsistencyTokenSigner(testOnlySecrets.CONSISTENCY_TOKEN_SECRET).issue(stream, 'ada');
    expect(own.verify(parse(forged), 'ada')).toBe(false);
    expect(own.verify(parse(own.issue(stream, 'ada')), 'ada')).toBe(true);
  });
});
