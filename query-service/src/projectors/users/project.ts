import type { Projector } from '../projector.ts';

/** Who people are, for author summaries and profiles. */
export const usersProjector: Projector = {
  name: 'users',
  handles: ['UserRegistered'],
  async apply(event, { tx, schema }) {
    if (event.type === 'UserRegistered') {
      const d = event.data;
      await tx.query(
        `INSERT INTO ${schema}.users (id, first_name, last_name, email, account_type, registered_at)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING`,
        [d.userId, d.firstName, d.lastName, d.email, d.accountType, d.registeredAt],
      );
    }
  },
  async reset({ tx, schema }) {
    await tx.query(`TRUNCATE ${schema}.users`);
  },
};
