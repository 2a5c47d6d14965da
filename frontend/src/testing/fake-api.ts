import { appearanceDefaults, notificationDefaults } from '@careers/contracts/constants';
import { User } from '@careers/contracts/entities/user';
import { vi } from 'vitest';

export type Reply = Response | Promise<Response>;
export type FetchHandler = (method: string, url: string, init: RequestInit | undefined) => Reply;

export function jsonReply(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** Replaces `fetch` for one test; the handler answers like the edge would, with canned replies. */
export function stubFetch(handler: FetchHandler) {
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    handler(init?.method ?? 'GET', String(input), init),
  );
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

/** A signed-in user, checked against the contract so the fixture cannot drift from it. */
export const ada: User = User.parse({
  _id: '0b9f1c52-6a55-4a8e-9d43-2f0a4c1e7a10',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '',
  bio: '',
  accountType: 'job_seeker',
  jobTitle: '',
  profilePicture: null,
  resume: null,
  location: { city: '', state: '', country: '' },
  skills: [],
  jobPreferences: {
    roles: [],
    preferredLocation: null,
    salaryExpectation: { min: null, max: null, currency: 'USD' },
  },
  notificationSettings: notificationDefaults,
  appearanceSettings: appearanceDefaults,
  createdAt: '2026-01-05T09:30:00.000Z',
});

/** What the top bar's bell reads on every signed-in screen. */
const BELL_COUNT_URL = '/api/notifications/unread-count';

/** What the sidebar's Messages link reads on every signed-in screen. */
export const MESSAGES_COUNT_URL = '/api/conversations/unread-count';

/** What the feed's "Followed tags" card reads beside every feed list. */
export const FOLLOWED_TAGS_URL = '/api/users/followed-tags';
export const MAIL_PREFERENCES_URL = '/api/users/mail-preferences';

/**
 * GET /api/auth/me answers with `user` (or 401 when null; a function is asked at each call, for a test
 * that signs out and in again); other calls get `others` or a 404. The bell's count answers "nothing
 * unread" unless `bell: 'others'` hands it to `others` too, and the followed tags (the feed's card)
 * answer "none" unless `followedTags: 'others'` does, and the sidebar's Messages count answers "nothing
 * unread" unless `messages: 'others'` does, so a test of another screen counts and answers only its
 * own calls.
 */
export function stubSession(
  user: User | null | (() => User | null),
  others?: FetchHandler,
  {
    bell = 'nothing-unread',
    followedTags = 'none',
    messages = 'nothing-unread',
  }: {
    bell?: 'nothing-unread' | 'others';
    followedTags?: 'none' | 'others';
    messages?: 'nothing-unread' | 'others';
  } = {},
) {
  return stubFetch((method, url, init) => {
    if (method === 'GET' && url === '/api/auth/me') {
      const current = typeof user === 'function' ? user() : user;
      return current ? jsonReply(200, { user: current }) : jsonReply(401, { message: 'Not signed in' });
    }
    if (bell === 'nothing-unread' && method === 'GET' && url === BELL_COUNT_URL) {
      return jsonReply(200, { data: { unreadCount: 0 } });
    }
    if (messages === 'nothing-unread' && method === 'GET' && url === MESSAGES_COUNT_URL) {
      return jsonReply(200, { count: 0 });
    }
    if (followedTags === 'none' && method === 'GET' && url === FOLLOWED_TAGS_URL) {
      return jsonReply(200, { data: [] });
    }
    const answered = others ? others(method, url, init) : jsonReply(404, { message: 'Not found' });
    if (method !== 'GET' || url !== MAIL_PREFERENCES_URL) return answered;
    // The job alert mail choice under Settings > Notifications: at its default unless a test answers it.
    return Promise.resolve(answered).then((reply) =>
      reply.status === 404 ? jsonReply(200, { data: { jobAlertEmails: 'daily' } }) : reply,
    );
  });
}

/** The stubbed `fetch` a test reads its calls from. */
export type FetchStub = ReturnType<typeof stubFetch>;

function callsTo(fetchStub: FetchStub, method: string, url: string) {
  return fetchStub.mock.calls.filter(
    ([input, init]) => (init?.method ?? 'GET') === method && String(input) === url,
  );
}

/** How many times the app called `method url`. */
export function countCalls(fetchStub: FetchStub, method: string, url: string): number {
  return callsTo(fetchStub, method, url).length;
}

/** The JSON bodies the app sent with `method url`, in order. */
export function sentBodies(fetchStub: FetchStub, method: string, url: string): unknown[] {
  return callsTo(fetchStub, method, url).map(([, init]) =>
    typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
  );
}
