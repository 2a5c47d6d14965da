import { ProfileFields } from '@careers/contracts/api/profile-routes';
import { CONSISTENCY_HEADER, parseConsistencyTokens } from '@careers/contracts/consistency';
import { authMessages, profileMessages } from '@careers/contracts/messages';
import { readSession } from '@careers/service-kit';
import { testNamespace } from '@careers/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { uploadTestbed } from '../uploads/testing.ts';

const bed = uploadTestbed(testNamespace('profile-routes'));

const saveProfile = (sid: string, body: Record<string, unknown>) =>
  bed.call('PUT', '/api/users/profile', sid, body);
const saveSkills = (sid: string, skills: unknown) => bed.call('PUT', '/api/users/skills', sid, { skills });

async function eventTypes(userId: string) {
  return (await bed.eventsOf(userId)).map((e) => e.type);
}

describe('PUT /api/users/profile', () => {
  it('saves the form, answers the profile fields and records ProfileUpdated and SkillsUpdated', async () => {
    const ada = await bed.signUp();
    const response = await saveProfile(ada.sid, {
      firstName: 'Ada',
      lastName: 'King',
      email: ada.email,
      phone: '+44 20 7946 0958',
      bio: 'Analyst of engines.',
      jobTitle: 'Mathematician',
      location: { city: 'London', country: 'United Kingdom' },
      jobPreferences: {
        roles: ['Data Scientist'],
        remoteWork: 'Remote',
        salaryRange: { min: 90000, max: 120000 },
      },
      skills: [{ name: 'Analysis', proficiency: 'Expert', experience: 10 }, { name: 'Poetry' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = ProfileFields.parse(response.json().data);
    expect(data).toEqual({
      firstName: 'Ada',
      lastName: 'King',
      email: ada.email,
      phone: '+44 20 7946 0958',
      bio: 'Analyst of engines.',
      jobTitle: 'Mathematician',
      location: { city: 'London', state: '', country: 'United Kingdom' },
      jobPreferences: {
        roles: ['Data Scientist'],
        preferredLocation: 'Remote',
        salaryExpectation: { min: 90000, max: 120000, currency: 'USD' },
      },
      skills: [
        { name: 'Analysis', proficiency: 'Expert', experience: 10 },
        { name: 'Poetry', proficiency: 'Intermediate', experience: 1 },
      ],
    });
    expect(await eventTypes(ada.id)).toEqual(['UserRegistered', 'ProfileUpdated', 'SkillsUpdated']);
    expect(parseConsistencyTokens(String(response.headers[CONSISTENCY_HEADER]))).toEqual([
      { streamId: ada.id, streamVersion: 3, signature: expect.any(String) },
    ]);
  });

  it('records nothing when nothing changed', async () => {
    const ada = await bed.signUp();
    const response = await saveProfile(ada.sid, { firstName: 'Ada', lastName: 'Lovelace', email: ada.email });
    expect(response.statusCode, response.body).toBe(200);
    expect(await eventTypes(ada.id)).toEqual(['UserRegistered']);
  });

  it('refuses bad input with 400 in the spec words, and writes nothing', async () => {
    const ada = await bed.signUp();
    for (const [body, message] of [
      [
        { firstName: 'Ada', lastName: 'Lovelace', email: ada.email, phone: 'call me' },
        profileMessages.phoneInvalid,
      ],
      [
        { firstName: 'Ada', lastName: 'Lovelace', email: ada.email, bio: 'x'.repeat(5000) },
        profileMessages.bioTooLong,
      ],
      [
        {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: ada.email,
          jobPreferences: { remoteWork: 'On the moon' },
        },
        profileMessages.preferredLocationInvalid,
      ],
    ] as const) {
      const response = await saveProfile(ada.sid, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    expect(await eventTypes(ada.id)).toEqual(['UserRegistered']);
  });

  it('changes the email, keeps the session, and signs in with the new one', async () => {
    const ada = await bed.signUp();
    const newEmail = `Countess.${ada.email}`;
    const response = await saveProfile(ada.sid, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: `  ${newEmail.toUpperCase()} `,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.email).toBe(newEmail.toLowerCase());
    expect(await readSession(bed.running().deps.redis, ada.sid)).toMatchObject({ userId: ada.id });
    // The same session goes on working.
    expect((await saveSkills(ada.sid, [{ name: 'Analysis' }])).statusCode).toBe(200);

    const login = (email: string) =>
      bed.call('POST', '/api/auth/login', undefined, { email, password: 'engine-1843' });
    expect((await login(newEmail)).statusCode).toBe(200);
    expect((await login(ada.email)).statusCode).toBe(400);
  });

  it("refuses another account's email in any letter case with 409, and writes nothing", async () => {
    const ada = await bed.signUp();
    const grace = await bed.signUp('Grace');
    const response = await saveProfile(ada.sid, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: grace.email.toUpperCase(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: authMessages.emailTaken });
    expect(await eventTypes(ada.id)).toEqual(['UserRegistered']);
  });

  it('counts the tries of another email: past five an hour, 429 with Retry-After, taken or not', async () => {
    const ada = await bed.signUp();
    const grace = await bed.signUp('Grace');
    const probes = [grace.email, ...Array.from({ length: 4 }, (_, i) => `probe${i}.${ada.id}@example.com`)];
    const statuses: number[] = [];
    for (const email of probes) {
      statuses.push(
        (await saveProfile(ada.sid, { firstName: 'Ada', lastName: 'Lovelace', email })).statusCode,
      );
    }
    expect(statuses).toEqual([409, 200, 200, 200, 200]);
    const sixth = await saveProfile(ada.sid, { firstName: 'Ada', lastName: 'Lovelace', email: grace.email });
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(sixth.json()).toEqual({ message: authMessages.tooManyAttempts });
    // Saving the profile with the email it has now is never counted.
    const own = await saveProfile(ada.sid, {
      firstName: 'Augusta',
      lastName: 'Lovelace',
      email: probes.at(-1),
    });
    expect(own.statusCode).toBe(200);
  });

  it('lets one of two accounts claiming the same email at once have it; the other gets 409', async () => {
    for (let round = 0; round < 3; round++) {
      const ada = await bed.signUp();
      const grace = await bed.signUp('Grace');
      const wanted = `wanted.${round}.${ada.email}`;
      const answers = await Promise.all([
        saveProfile(ada.sid, { firstName: 'Ada', lastName: 'Lovelace', email: wanted }),
        saveProfile(grace.sid, { firstName: 'Grace', lastName: 'Lovelace', email: wanted.toUpperCase() }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const refused = answers.find((a) => a.statusCode === 409);
      expect(refused?.json()).toEqual({ message: authMessages.emailTaken });
      const holders = await bed.query<{ id: string }>('SELECT id FROM {schema}.users WHERE email = $1', [
        wanted,
      ]);
      expect(holders).toHaveLength(1);
      // Only the winner recorded the change.
      const changed = [...(await bed.eventsOf(ada.id)), ...(await bed.eventsOf(grace.id))].filter(
        (e) => e.type === 'ProfileUpdated',
      );
      expect(changed).toEqual([{ type: 'ProfileUpdated', data: expect.objectContaining({ email: wanted }) }]);
      expect(changed[0]?.data.userId).toBe(holders[0]?.id);
    }
  });
});

describe('the race the unique index settles', () => {
  it('refuses an email whose other claim commits after the check passed', async () => {
    const ada = await bed.signUp();
    const grace = await bed.signUp('Grace');
    const wanted = `held.${ada.email}`;
    // Grace's claim is written but not committed: Ada's check cannot see it, her write must wait.
    const other = await bed.running().deps.pool.connect();
    try {
      await other.query('BEGIN');
      const schema = bed.running().deps.config.DB_SCHEMA;
      await other.query(`UPDATE "${schema}".users SET email = $2 WHERE id = $1`, [grace.id, wanted]);
      const pending = saveProfile(ada.sid, { firstName: 'Ada', lastName: 'Lovelace', email: wanted });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await other.query('COMMIT');
      const response = await pending;
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: authMessages.emailTaken });
    } finally {
      other.release();
    }
    expect(await eventTypes(ada.id)).toEqual(['UserRegistered']);
  });
});

describe('PUT /api/users/skills', () => {
  it('replaces the list, answers it, and records SkillsUpdated once', async () => {
    const ada = await bed.signUp();
    const skills = [{ name: 'TypeScript', proficiency: 'Advanced', experience: 4 }, { name: '  ' }];
    const response = await saveSkills(ada.sid, skills);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      data: { skills: [{ name: 'TypeScript', proficiency: 'Advanced', experience: 4 }] },
    });
    expect((await bed.eventsOf(ada.id)).at(-1)).toEqual({
      type: 'SkillsUpdated',
      data: { userId: ada.id, skills: [{ name: 'TypeScript', proficiency: 'Advanced', experience: 4 }] },
    });
    // The same list again changes nothing.
    expect((await saveSkills(ada.sid, skills)).statusCode).toBe(200);
    expect(await eventTypes(ada.id)).toEqual(['UserRegistered', 'SkillsUpdated']);
  });

  it('refuses a bad skill with 400 and writes nothing; 401 without a session', async () => {
    const ada = await bed.signUp();
    const response = await saveSkills(ada.sid, [{ name: 'Go', experience: -1 }]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: profileMessages.experienceInvalid });
    expect((await saveSkills('nobody', [{ name: 'Go' }])).statusCode).toBe(401);
    expect(await eventTypes(ada.id)).toEqual(['UserRegistered']);
  });
});
