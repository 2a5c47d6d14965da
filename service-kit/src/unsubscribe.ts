import { createHmac, timingSafeEqual } from 'node:crypto';
import { type MailKind, type UnsubscribePayload, unsubscribePayloadOf } from '@careers/contracts/mail';

/**
 * The signed token of a mail's one-click unsubscribe link (contracts/src/mail.ts): made by the mail
 * sender, checked by the command-service, which then turns the kind's setting off for the person it
 * names, without a session. It does not expire: a link in an old mail must still work (RFC 8058).
 */
function signatureOf(payload: string, secret: string): Buffer {
  // 128 bits of HMAC-SHA256: the token stays short enough for a path segment (about 72 characters).
  return createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest().subarray(0, 16);
}

export function unsubscribeToken(userId: string, kind: MailKind, secret: string): string {
  const payload = `${userId}~${kind}`;
  return `${payload}~${signatureOf(payload, secret).toString('base64url')}`;
}

/** The person and kind a token names, when it was signed with `secret`; null otherwise. */
export function verifyUnsubscribeToken(token: string, secret: string): UnsubscribePayload | null {
  const parsed = unsubscribePayloadOf(token);
  if (parsed === null) return null;
  const payload = token.slice(0, token.lastIndexOf('~'));
  const signature = token.slice(token.lastIndexOf('~') + 1);
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(payload, secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return parsed;
}
