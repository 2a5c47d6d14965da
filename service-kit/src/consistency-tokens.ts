import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type ConsistencyToken,
  consistencyTokenSubject,
  formatConsistencyToken,
} from '@careers/contracts/consistency';

/** 128 bits of HMAC-SHA256: as hard to guess as the session ids themselves. */
const SIGNATURE_BYTES = 16;

/**
 * Issues and checks consistency tokens. A token is bound to the user it was issued to: the HMAC covers
 * the user id and `<streamId>@<streamVersion>`, so a token another user received, or one made up, does
 * not verify, and the query-service ignores it without waiting. The command-service and the gateway
 * issue tokens, the query-service checks them; all three share the secret.
 */
export class ConsistencyTokenSigner {
  readonly #secret: string;

  constructor(secret: string) {
    if (secret.length < 32) throw new Error('A consistency token secret needs at least 32 characters');
    this.#secret = secret;
  }

  #signature(token: Pick<ConsistencyToken, 'streamId' | 'streamVersion'>, userId: string): Buffer {
    return createHmac('sha256', this.#secret)
      .update(`${userId}\n${consistencyTokenSubject(token)}`)
      .digest()
      .subarray(0, SIGNATURE_BYTES);
  }

  /** The token text for `userId`: `<streamId>@<streamVersion>.<signature>`. */
  issue(token: Pick<ConsistencyToken, 'streamId' | 'streamVersion'>, userId: string): string {
    return formatConsistencyToken({
      streamId: token.streamId,
      streamVersion: token.streamVersion,
      signature: this.#signature(token, userId).toString('base64url'),
    });
  }

  /** Whether `token` was issued to `userId` by a holder of the secret. */
  verify(token: ConsistencyToken, userId: string): boolean {
    if (!token.signature) return false;
    const given = Buffer.from(token.signature, 'base64url');
    const expected = this.#signature(token, userId);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
