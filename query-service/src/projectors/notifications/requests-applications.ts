import type { DomainEvent } from '@careers/contracts/events/catalogue';
import { type Change, type NewNotification, notificationId, type Tx, toggleOf } from './shared.ts';

/**
 * Connection requests and their answers, applications and their status changes: the notification
 * each makes, and the request's notification each answer takes away.
 */

/** Connection and application events: the request whose notification goes first, then the one made. */
export type RequestOrApplication = Extract<
  DomainEvent,
  {
    type:
      | 'ConnectionRequested'
      | 'ConnectionAccepted'
      | 'ConnectionDeclined'
      | 'ConnectionWithdrawn'
      | 'ApplicationSubmitted'
      | 'ApplicationStatusChanged';
  }
>;

/**
 * What a connection's or an application's event does: the connection whose request notification it
 * takes away (a request that was withdrawn, declined or accepted, so the bell never points at a request
 * that is no longer there), then the notification it makes, if any. Applied one by one or in a batch
 * alike.
 */
export function requestOrApplication(event: RequestOrApplication): {
  drop: string | null;
  made: NewNotification | null;
} {
  switch (event.type) {
    case 'ConnectionRequested': {
      const d = event.data;
      return {
        drop: null,
        made: {
          id: notificationId(`connection_request:${d.connectionId}`, d.recipientId),
          userId: d.recipientId,
          kind: 'connection_request',
          actorId: d.requesterId,
          connectionId: d.connectionId,
          createdAt: d.requestedAt,
        },
      };
    }
    case 'ConnectionAccepted': {
      const d = event.data;
      // No connection_id on this one: it is not a request, and dropping the request must leave it.
      return {
        drop: d.connectionId,
        made: {
          id: notificationId(`connection_accepted:${d.connectionId}`, d.requesterId),
          userId: d.requesterId,
          kind: 'connection_accepted',
          actorId: d.recipientId,
          createdAt: d.respondedAt,
        },
      };
    }
    case 'ConnectionDeclined':
    case 'ConnectionWithdrawn':
      return { drop: event.data.connectionId, made: null };
    case 'ApplicationSubmitted': {
      const d = event.data;
      if (d.applicantId === d.employerId) return { drop: null, made: null };
      return {
        drop: null,
        made: {
          id: notificationId(`new_application:${d.applicationId}`, d.employerId),
          userId: d.employerId,
          kind: 'new_application',
          actorId: d.applicantId,
          jobId: d.jobId,
          applicationId: d.applicationId,
          createdAt: d.appliedAt,
        },
      };
    }
    case 'ApplicationStatusChanged': {
      const d = event.data;
      // Each change of status is its own notification, named by the event that made it.
      return {
        drop: null,
        made: {
          id: notificationId(`application_status:${event.id}`, d.applicantId),
          userId: d.applicantId,
          kind: 'application_status',
          actorId: d.employerId,
          jobId: d.jobId,
          applicationId: d.applicationId,
          status: d.to,
          createdAt: d.changedAt,
        },
      };
    }
  }
}

export const requestAndApplicationTypes: readonly DomainEvent['type'][] = [
  'ConnectionRequested',
  'ConnectionAccepted',
  'ConnectionDeclined',
  'ConnectionWithdrawn',
  'ApplicationSubmitted',
  'ApplicationStatusChanged',
];

/**
 * Connection and application events of a batch (in stream order) with the effect of `project` applied
 * to each in turn, in at most three statements: one read of the deleted accounts among everyone named
 * and of each recipient's toggles as of each notification's time; one delete of the request
 * notifications the batch takes away; one insert of the notifications it makes. A request notification
 * that a later event of the batch takes away again is not written at all (one by one, it would be
 * written and deleted); the delete goes before the insert, so a request made after a drop of its
 * connection stays, as it would.
 */
export async function projectRequestsAndApplications(
  events: readonly RequestOrApplication[],
  tx: Tx,
  schema: string,
): Promise<Change[]> {
  const steps = events.map(requestOrApplication);
  /** Per connection, the index of the batch's last step that takes its request away. */
  const lastDrop = new Map<string, number>();
  steps.forEach((step, i) => {
    if (step.drop !== null) lastDrop.set(step.drop, i);
  });
  const candidates = steps.flatMap((step, i) => (step.made === null ? [] : [{ made: step.made, i }]));
  const people = [...new Set(candidates.flatMap(({ made }) => [made.userId, made.actorId]))];
  const { rows: found } = await tx.query<{
    i: number | null;
    deleted: string | null;
    connection_requests: boolean | null;
    application_updates: boolean | null;
  }>(
    `SELECT NULL::int AS i, user_id AS deleted, NULL::boolean AS connection_requests, NULL::boolean AS application_updates
       FROM ${schema}.deleted_accounts WHERE user_id = ANY($1::text[])
     UNION ALL
     SELECT x.i::int, NULL, s.connection_requests, s.application_updates
       FROM unnest($2::text[], $3::timestamptz[]) WITH ORDINALITY AS x(user_id, at, i)
       JOIN LATERAL (
         SELECT connection_requests, application_updates FROM ${schema}.alert_settings
          WHERE user_id = x.user_id AND valid_from <= x.at ORDER BY valid_from DESC, stream_version DESC LIMIT 1
       ) s ON true`,
    [people, candidates.map(({ made }) => made.userId), candidates.map(({ made }) => made.createdAt)],
  );
  const deleted = new Set<string>();
  /** Per candidate (from 1), its recipient's settings then; none found: the defaults (all on). */
  const settings = new Map<number, { connection_requests: boolean; application_updates: boolean }>();
  for (const row of found) {
    if (row.deleted !== null) deleted.add(row.deleted);
    else if (row.i !== null)
      settings.set(row.i, {
        connection_requests: row.connection_requests ?? true,
        application_updates: row.application_updates ?? true,
      });
  }
  const changes: Change[] = [];
  const drops = [...lastDrop.keys()];
  if (drops.length > 0) {
    const { rows } = await tx.query<{ user_id: string }>(
      `DELETE FROM ${schema}.notifications WHERE connection_id = ANY($1::text[]) AND kind = 'connection_request'
       RETURNING user_id`,
      [drops],
    );
    for (const r of rows) changes.push({ userId: r.user_id, notificationId: null });
  }
  const writes: (NewNotification & { hidden: boolean })[] = [];
  candidates.forEach(({ made, i }, at) => {
    // Nobody is told of, or by, a deleted account (an event of another topic applied after it).
    if (deleted.has(made.userId) || deleted.has(made.actorId)) return;
    if (made.connectionId !== undefined && (lastDrop.get(made.connectionId) ?? -1) > i) {
      // Made and taken away again within the batch: the bell is brought up to date, nothing is kept.
      changes.push({ userId: made.userId, notificationId: null });
      return;
    }
    const toggle = toggleOf[made.kind];
    const s = settings.get(at + 1);
    writes.push({ ...made, hidden: toggle !== undefined && s !== undefined && !s[toggle] });
  });
  if (writes.length > 0) {
    const { rows } = await tx.query<{ id: string; user_id: string; hidden: boolean }>(
      `INSERT INTO ${schema}.notifications (id, user_id, kind, actor_id, post_id, job_id, application_id,
         connection_id, status, excerpt, created_at, hidden)
       SELECT id, user_id, kind, actor_id, post_id, job_id, application_id, connection_id, status, excerpt,
              created_at, hidden
         FROM jsonb_to_recordset($1::jsonb)
           AS x(id uuid, user_id text, kind text, actor_id text, post_id text, job_id text, application_id text,
                connection_id text, status text, excerpt text, created_at timestamptz, hidden boolean)
       ON CONFLICT (id) DO NOTHING
       RETURNING id::text, user_id, hidden`,
      [
        JSON.stringify(
          writes.map((n) => ({
            id: n.id,
            user_id: n.userId,
            kind: n.kind,
            actor_id: n.actorId,
            post_id: n.postId ?? null,
            job_id: n.jobId ?? null,
            application_id: n.applicationId ?? null,
            connection_id: n.connectionId ?? null,
            status: n.status ?? null,
            excerpt: n.excerpt ?? null,
            created_at: n.createdAt,
            hidden: n.hidden,
          })),
        ),
      ],
    );
    for (const r of rows) if (!r.hidden) changes.push({ userId: r.user_id, notificationId: r.id });
  }
  return changes;
}
