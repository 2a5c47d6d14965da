import type { DomainEvent } from '@careers/contracts/events/catalogue';
import { eventsDecided } from '@careers/contracts/events/event-table';
import { peopleCards } from '../people-cards.ts';
import { defineProjector, type ProjectionContext, type Projector, unhandled } from '../projector.ts';
import { applyLinks, forgetLinks } from './links.ts';
import { markForRefresh, markHoldersSql } from './lists.ts';
import { matchKey } from './reasons.ts';

/** The people suggested, as a suggestion shows them: the card, bio, skills and place (people-cards.ts). */
const cards = peopleCards('suggestion_cards', ['bio', 'skills', 'location']);

/**
 * The effect of UserRegistered, ProfileUpdated and SkillsUpdated, for any number of them in stream
 * order: written here once, for a batch or for one event alone.
 */
async function applyPeople(
  events: readonly DomainEvent[],
  { tx, schema, replaying }: Pick<ProjectionContext, 'tx' | 'schema' | 'replaying'>,
): Promise<void> {
  // Rows of new people, then per person the last city and skill names of the batch: each event sets
  // them whole, so the last one is what one by one leaves.
  const registered: string[] = [];
  const cities = new Map<string, string>();
  const skills = new Map<string, string[]>();
  for (const event of events) {
    if (event.type === 'UserRegistered') registered.push(event.data.userId);
    else if (event.type === 'ProfileUpdated')
      cities.set(event.data.userId, matchKey(event.data.location.city));
    else if (event.type === 'SkillsUpdated') {
      skills.set(event.data.userId, [
        ...new Set(event.data.skills.map((skill) => matchKey(skill.name)).filter((k) => k !== '')),
      ]);
    } else throw new Error(`suggestions: ${event.type} is not taken in batches`);
  }
  // Whose ranking the batch changes: new people, people with a new city or skills, and the people
  // of the cities and skills they leave or take up (nothing in a rebuild, see apply).
  if (!replaying) {
    await markForRefresh(tx, schema, registered);
    if (cities.size > 0) await markCityChanges(tx, schema, cities);
    if (skills.size > 0) await markSkillChanges(tx, schema, skills);
  }
  if (registered.length > 0) {
    await tx.query(
      `INSERT INTO ${schema}.suggestion_people (user_id) SELECT unnest($1::text[]) ON CONFLICT (user_id) DO NOTHING`,
      [registered],
    );
  }
  if (cities.size > 0) {
    await tx.query(
      `INSERT INTO ${schema}.suggestion_people (user_id, city_key) SELECT * FROM unnest($1::text[], $2::text[])
       ON CONFLICT (user_id) DO UPDATE SET city_key = EXCLUDED.city_key`,
      [[...cities.keys()], [...cities.values()]],
    );
  }
  if (skills.size > 0) {
    const people = [...skills.keys()];
    await tx.query(`DELETE FROM ${schema}.suggestion_skills WHERE user_id = ANY($1::text[])`, [people]);
    const pairs = [...skills].flatMap(([userId, keys]) => keys.map((key) => [key, userId] as const));
    if (pairs.length > 0) {
      await tx.query(
        `INSERT INTO ${schema}.suggestion_skills (skill_key, user_id)
         SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING`,
        [pairs.map(([key]) => key), pairs.map(([, userId]) => userId)],
      );
    }
  }
}

type Tx = Parameters<Projector['apply']>[1]['tx'];

/**
 * Marks for a refresh the people whose cities are about to be set (person -> city key) and, where a
 * city changes, those in the city they leave or the one they come to whose list it can alter (their
 * same-city key with the person moves; see markHoldersSql). Called before the cities are written.
 */
async function markCityChanges(tx: Tx, schema: string, cities: ReadonlyMap<string, string>): Promise<void> {
  const people = [...cities.keys()];
  await markForRefresh(tx, schema, people);
  const { rows } = await tx.query<{ user_id: string; city_key: string }>(
    `SELECT user_id, city_key FROM ${schema}.suggestion_people WHERE user_id = ANY($1::text[])`,
    [people],
  );
  const before = new Map(rows.map((r) => [r.user_id, r.city_key]));
  const keys = new Set<string>();
  const moved: string[] = [];
  for (const [person, city] of cities) {
    const old = before.get(person) ?? '';
    if (old === city) continue;
    moved.push(person);
    if (old !== '') keys.add(old);
    if (city !== '') keys.add(city);
  }
  if (keys.size === 0) return;
  await tx.query(
    markHoldersSql(
      schema,
      `SELECT user_id FROM ${schema}.suggestion_people WHERE city_key = ANY($2::text[])`,
    ),
    [moved, [...keys]],
  );
}

/**
 * Marks for a refresh the people whose skills are about to be set (person -> skill keys) and those
 * holding a skill one of them gains or loses whose list it can alter: their shared-skill count with
 * that person moves (a skill kept changes nobody's; see markHoldersSql). Called before the skills are
 * written.
 */
async function markSkillChanges(
  tx: Tx,
  schema: string,
  skills: ReadonlyMap<string, readonly string[]>,
): Promise<void> {
  const people = [...skills.keys()];
  await markForRefresh(tx, schema, people);
  const { rows } = await tx.query<{ user_id: string; skill_key: string }>(
    `SELECT user_id, skill_key FROM ${schema}.suggestion_skills WHERE user_id = ANY($1::text[])`,
    [people],
  );
  const before = new Map<string, Set<string>>();
  for (const r of rows) before.set(r.user_id, (before.get(r.user_id) ?? new Set()).add(r.skill_key));
  const keys = new Set<string>();
  const changed = new Set<string>();
  for (const [person, now] of skills) {
    const old = before.get(person) ?? new Set<string>();
    const next = new Set(now);
    const toggled = [...old].filter((k) => !next.has(k)).concat(now.filter((k) => !old.has(k)));
    for (const k of toggled) keys.add(k);
    if (toggled.length > 0) changed.add(person);
  }
  if (keys.size === 0) return;
  await tx.query(
    markHoldersSql(
      schema,
      `SELECT user_id FROM ${schema}.suggestion_skills WHERE skill_key = ANY($2::text[])`,
    ),
    [[...changed], [...keys]],
  );
}

/**
 * A deleted account's own list goes, and it leaves every list it is on; the people whose lists held it
 * rank theirs again. Called after its suggestion_people row is gone: a refresh storing lists holds the
 * rows of the people it stores until it commits, so it either finishes first or leaves this one out.
 */
async function forgetLists(tx: Tx, schema: string, userId: string): Promise<void> {
  await tx.query(`DELETE FROM ${schema}.suggestion_list_state WHERE user_id = $1`, [userId]);
  await tx.query(`DELETE FROM ${schema}.suggestion_refreshes WHERE user_id = $1`, [userId]);
  const { rows } = await tx.query<{ user_id: string }>(
    `DELETE FROM ${schema}.suggestion_lists WHERE user_id = $1 OR candidate_id = $1 RETURNING user_id`,
    [userId],
  );
  await markForRefresh(
    tx,
    schema,
    rows.map((r) => r.user_id).filter((id) => id !== userId),
  );
}

/**
 * What people you may know compares: each person's city and skill names, set to what the latest event
 * says (so a redelivery writes the same), and the network: the model's own copy of the relationships
 * (suggestion_links, from the connection events: the pending and accepted ones leave people out of
 * someone's suggestions) and the counts kept from it as edges come and go (mutual connections, how
 * connected each person is; see links.ts and network.ts).
 *
 * A deleted account leaves everyone's suggestions: at AccountDeleted, the last event of their stream,
 * their edges go (everyone's counts lose them), then their links, row and skill keys.
 *
 * How each suggested person shows (names, job title, picture, bio, skills, place) is kept here too, from
 * their user events (`cards`), and joined when read; a person without a card is never suggested.
 */
export const suggestionsProjector = defineProjector({
  name: 'suggestions',
  handles: eventsDecided(['user', 'connection'], {
    handles: [
      'UserRegistered',
      'ProfileUpdated',
      'SkillsUpdated',
      'ProfilePictureUploaded',
      'ProfilePictureRemoved',
      'AccountDeleted',
      'ConnectionRequested',
      'ConnectionAccepted',
      'ConnectionDeclined',
      'ConnectionWithdrawn',
      'ConnectionRemoved',
    ],
    ignores: [
      'UserLoggedIn',
      'UserLoggedOut',
      'PasswordChanged',
      'NotificationSettingsUpdated',
      'AppearanceSettingsUpdated',
      'ResumeUploaded',
      'ResumeRemoved',
      'NotificationsRead',
      'AllNotificationsRead',
      'JobSaved',
      'JobUnsaved',
      'TagFollowed',
      'TagUnfollowed',
      // Blocks are the messaging model's (messaging/project.ts).
      'PersonBlocked',
      'PersonUnblocked',
      // How job alerts are mailed: the notifications model's (notifications/mail-queue.ts).
      'JobAlertEmailsChosen',
    ],
  }),
  async apply(event, { tx, schema, replaying }) {
    // The person's card, from their user events and gone at their AccountDeleted.
    await cards.apply([event], { tx, schema });
    // A rebuild clears every stored list and the refresher ranks everyone afterwards: nothing to mark.
    switch (event.type) {
      // Written once, as a batch of one (applyBatch).
      case 'UserRegistered':
      case 'ProfileUpdated':
      case 'SkillsUpdated':
        return applyPeople([event], { tx, schema, replaying });
      case 'ConnectionRequested':
      case 'ConnectionAccepted':
      case 'ConnectionDeclined':
      case 'ConnectionWithdrawn':
      case 'ConnectionRemoved':
        return applyLinks(tx, schema, [event]);
      // Their card alone (above).
      case 'ProfilePictureUploaded':
      case 'ProfilePictureRemoved':
        return;
      case 'AccountDeleted':
        await forgetLinks(tx, schema, event.data.userId);
        await tx.query(`DELETE FROM ${schema}.suggestion_skills WHERE user_id = $1`, [event.data.userId]);
        await tx.query(`DELETE FROM ${schema}.suggestion_people WHERE user_id = $1`, [event.data.userId]);
        await forgetLists(tx, schema, event.data.userId);
        return;
      default:
        return unhandled(event);
    }
  },
  batched: [
    'UserRegistered',
    'ProfileUpdated',
    'SkillsUpdated',
    'ConnectionRequested',
    'ConnectionAccepted',
    'ConnectionDeclined',
    'ConnectionWithdrawn',
    'ConnectionRemoved',
  ],
  // A run is of one stream type: the people's events or the connections'.
  async applyBatch(events, ctx) {
    if (events[0]?.streamType === 'connection') return applyLinks(ctx.tx, ctx.schema, events);
    await cards.apply(events, ctx);
    await applyPeople(events, ctx);
  },
  async reset({ tx, schema }) {
    await cards.reset({ tx, schema });
    // The stored lists are derived from the rest: a rebuild leaves them to the refresher, which ranks
    // everyone without a list.
    await tx.query(
      `TRUNCATE ${schema}.suggestion_people, ${schema}.suggestion_skills, ${schema}.suggestion_links,
                ${schema}.connection_mutuals, ${schema}.suggestion_lists, ${schema}.suggestion_list_state,
                ${schema}.suggestion_refreshes`,
    );
  },
});
