import { randomUUID } from 'node:crypto';
import {
  type DomainEventType,
  isKnownEventType,
  openEventData,
  sealedSubject,
} from '@careers/contracts/events/catalogue';
import type { PersonalDataVault, Pool } from '@careers/service-kit';
import type { NewEvent } from './event-store.ts';

/**
 * Rows of the event log as a key holder reads them: the stored data (personal fields sealed) with the
 * sealed fields opened. `where` filters `event_log` (e.g. `stream_id = $1`); rows come in log order.
 */
export async function openedLogRows(
  db: { pool: Pool; vault: PersonalDataVault },
  table: string,
  where: string,
  values: unknown[],
): Promise<{ type: string; data: Record<string, unknown>; stream_version: number }[]> {
  const { rows } = await db.pool.query<{
    type: string;
    data: Record<string, unknown>;
    stream_version: number;
  }>(`SELECT type, data, stream_version FROM ${table} WHERE ${where} ORDER BY position`, values);
  const subjects = rows.flatMap((row) => sealedSubject(row) ?? []);
  const open = await db.vault.opener(db.pool, subjects);
  return rows.map((row) => ({
    ...row,
    data: isKnownEventType(row.type)
      ? (openEventData(row.type as DomainEventType, row.data, open) as Record<string, unknown>)
      : row.data,
  }));
}

/** A valid PostCreated for tests. */
export function postCreated(
  postId: string,
  authorId: string,
  content = 'Hello network',
): NewEvent<'PostCreated'> {
  return {
    type: 'PostCreated',
    data: {
      postId,
      authorId,
      content,
      type: 'text',
      category: 'Career',
      visibility: 'public',
      tags: ['hiring'],
      images: [],
      createdAt: new Date().toISOString(),
    },
  };
}

export function postLiked(postId: string, userId: string, likesCount: number): NewEvent<'PostLiked'> {
  return { type: 'PostLiked', data: { postId, userId, likesCount, likedAt: new Date().toISOString() } };
}

export const newId = () => randomUUID();
