// A deployment's load test: people signing in and using the product the way the browser does, mixed.
//
//   k6 run bench/k6/mixed.js                          (npm run loadtest builds k6 and runs this)
//   BASE_URL=http://localhost:8080 k6 run bench/k6/mixed.js   (the docker-compose edge)
//
// setup() makes sure a pool of load-test accounts exists (signs each in; registers the ones the product
// does not know yet, so later runs register nobody), then publishes a few posts and jobs for this run.
// Each virtual user is one of those people and, in a loop with think time between screens, reads the
// feed, opens a post, likes it, sometimes comments, searches jobs (keywords, a quoted phrase, filters),
// opens a job, sometimes applies, and looks after their network (connections, requests waiting,
// suggestions: accepts a request, sends one, now and then removes a connection so the graph keeps
// moving between runs).
//
// Requests go through the one origin (/api by method to the services), as the browser's api client
// sends them (frontend/src/lib/api-client.ts): JSON bodies, the session cookie, Origin on every
// mutation (the services' CSRF check compares it with ALLOWED_ORIGINS), and the consistency tokens of a
// person's own writes on their next reads, asked again a little later when a read answers stale.
//
// The product's rate limits stay as they are. Per person (likes, comments, applications, connection
// requests a minute) they are not reached at the default pace; per address (sign-ins, registrations:
// every virtual user shares this machine's address) they bound how many accounts one run can sign in.
// A 429 is counted on its own (`rate_limited`): it means the product refused a person or an address
// going faster than it allows anyone, not that it ran out of capacity (docs/operations.md, "Load tests").
//
// Knobs (environment): BASE_URL, LOADTEST_USERS, LOADTEST_VUS, LOADTEST_DURATION, LOADTEST_ITERATIONS,
// LOADTEST_THINK_SECONDS, LOADTEST_PASSWORD, LOADTEST_EMAIL_DOMAIN, LOADTEST_REPORT_DIR,
// LOADTEST_ALLOW_REMOTE. The run is bounded: a fixed duration (or iterations per user), then it stops.
import { check, fail, group, sleep } from 'k6';
import exec from 'k6/execution';
import http from 'k6/http';
import { Counter, Rate } from 'k6/metrics';

function intEnv(name, fallback) {
  const raw = __ENV[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, not "${raw}"`);
  return value;
}

function numberEnv(name, fallback) {
  const raw = __ENV[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number, not "${raw}"`);
  return value;
}

const BASE_URL = (__ENV.BASE_URL || 'http://localhost:5173').replace(/\/+$/, '');
const ORIGIN_MATCH = /^(https?):\/\/([^/:?#]+|\[[^\]]+\])(:\d+)?$/.exec(BASE_URL);
if (!ORIGIN_MATCH)
  throw new Error(`BASE_URL must be an origin such as http://localhost:5173, not "${BASE_URL}"`);
const HOST = ORIGIN_MATCH[2];
const LOOPBACK = HOST === 'localhost' || HOST === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(HOST);
if (!LOOPBACK && __ENV.LOADTEST_ALLOW_REMOTE !== '1') {
  throw new Error(
    `BASE_URL ${BASE_URL} is not on this machine: set LOADTEST_ALLOW_REMOTE=1 to load-test a deployment elsewhere`,
  );
}
/** What a browser on this origin sends as Origin on a mutation. */
const ORIGIN = BASE_URL;
const API = `${BASE_URL}/api`;

/** Accounts in the pool: each virtual user is one of them (more users than accounts share). */
const USERS = Math.max(2, intEnv('LOADTEST_USERS', 20));
const VUS = Math.max(1, intEnv('LOADTEST_VUS', USERS));
const DURATION = __ENV.LOADTEST_DURATION || '60s';
/** When set, each virtual user runs this many visits instead of looping for DURATION. */
const ITERATIONS = intEnv('LOADTEST_ITERATIONS', 0);
/** Seconds between two screens of one person (randomised ±50%). */
const THINK_SECONDS = numberEnv('LOADTEST_THINK_SECONDS', 1);
const PASSWORD = __ENV.LOADTEST_PASSWORD || 'k6-load-test-password';
const EMAIL_DOMAIN = __ENV.LOADTEST_EMAIL_DOMAIN || 'loadtest.example.com';
const REPORT_DIR = (__ENV.LOADTEST_REPORT_DIR || 'bench/reports').replace(/\/+$/, '');
/** Every fifth account is an employer: they post the jobs the others search and apply to. */
const EMPLOYER_EVERY = 5;
const SESSION_COOKIE = 'sid';
const CONSISTENCY_HEADER = 'x-consistency-token';

// Request types: each request carries `name` (thresholds and the summary per type) and `kind`.
const READS = [
  'me',
  'feed',
  'post',
  'jobs_search',
  'job',
  'my_applications',
  'connections',
  'pending',
  'suggestions',
];
const WRITES = [
  'like',
  'comment',
  'apply',
  'connect',
  'respond',
  'remove_connection',
  'create_post',
  'create_job',
];
const SIGN_IN = ['login', 'register'];

const rateLimited = new Counter('rate_limited');
const staleReads = new Counter('stale_reads');
const visitsDone = new Rate('visits_completed');

/**
 * Multiplies every latency threshold: 1 for a real load test. The test suite's short run (a few
 * requests of each kind, beside the other tests on a busy machine) checks the scenario and the exit
 * codes, not latency, and raises it.
 */
const LATENCY_SCALE = numberEnv('LOADTEST_LATENCY_SCALE', 1) || 1;

function thresholds() {
  const within = (p95, p99) => [`p(95)<${p95 * LATENCY_SCALE}`, `p(99)<${p99 * LATENCY_SCALE}`];
  const t = {
    http_req_failed: ['rate<0.01'],
    checks: ['rate>0.99'],
    visits_completed: ['rate>0.99'],
    'http_req_duration{kind:read}': within(500, 1000),
    'http_req_duration{kind:write}': within(800, 1500),
  };
  for (const name of READS) t[`http_req_duration{name:${name}}`] = within(500, 1000);
  for (const name of WRITES) t[`http_req_duration{name:${name}}`] = within(800, 1500);
  // Signing in hashes the password on purpose (slow by design, and bounded per process).
  for (const name of SIGN_IN) t[`http_req_duration{name:${name}}`] = within(2000, 4000);
  return t;
}

export const options = {
  scenarios: {
    people: ITERATIONS
      ? { executor: 'per-vu-iterations', vus: VUS, iterations: ITERATIONS, maxDuration: '10m' }
      : { executor: 'constant-vus', vus: VUS, duration: DURATION, gracefulStop: '10s' },
  },
  // setup() signs in the whole pool one after the other: each sign-in hashes a password (up to two
  // for a new account), slower while the machine is busy.
  setupTimeout: `${Math.max(60, USERS * 6)}s`,
  thresholds: thresholds(),
  summaryTrendStats: ['count', 'avg', 'min', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'],
  // Each person's session cookie comes from setup's sign-in and lives in their client's jar.
  userAgent: 'careers-loadtest (k6)',
};

// ---------------------------------------------------------------- the api client, as the browser's

/** A person's consistency tokens: the newest per stream, sent on their reads until one shows it. */
class Tokens {
  constructor() {
    this.byStream = new Map();
  }

  remember(header) {
    if (!header) return;
    for (const part of String(header).split(',')) {
      const text = part.trim();
      const match = /^(.+)@(\d+)(?:\.[A-Za-z0-9_-]{22})?$/.exec(text);
      if (!match) continue;
      const version = Number(match[2]);
      const known = this.byStream.get(match[1]);
      if (!known || known.version < version) this.byStream.set(match[1], { version, text });
    }
  }

  pending() {
    return new Map(this.byStream);
  }

  settled(sent) {
    for (const [stream, token] of sent) {
      if (this.byStream.get(stream)?.version === token.version) this.byStream.delete(stream);
    }
  }
}

function headerOf(response, name) {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(response.headers)) {
    if (key.toLowerCase() === wanted) return value;
  }
  return undefined;
}

/** Unexpected answers already printed by this virtual user, per request type: the first says enough. */
const reported = new Set();

/**
 * Counts the product's rate-limit refusals on their own, per request type, and prints the first
 * unexpected answer of each type (status and the start of its body) so a failed run says why.
 */
function note(response, name, expected) {
  if (response.status === 429) rateLimited.add(1, { name });
  const fine = expected ? expected(response.status) : response.status >= 200 && response.status < 400;
  if (!fine && !reported.has(name)) {
    reported.add(name);
    console.warn(
      `${name}: ${response.status} ${String(response.body || response.error || '').slice(0, 200)}`,
    );
  }
  return response;
}

/** Waits before asking again, as the browser does after a stale answer (250 ms, doubling). */
const STALE_READ_RETRIES = 3;

/**
 * One person's browser: its own cookie jar (holding their session, or none yet), their consistency
 * tokens. A jar per person matters: signing in while sending someone else's session cookie ends that
 * session, as it should.
 */
function makeClient(session, tokens) {
  const jar = new http.CookieJar();
  if (session) jar.set(BASE_URL, SESSION_COOKIE, session, { path: '/' });
  const params = (name, kind, extra) => ({
    headers: { accept: 'application/json', ...(extra || {}) },
    jar,
    tags: { name, kind },
  });
  return {
    get(path, name) {
      const sent = tokens.pending();
      const extra = {};
      if (sent.size > 0) extra[CONSISTENCY_HEADER] = [...sent.values()].map((t) => t.text).join(',');
      let response;
      for (let attempt = 0; ; attempt++) {
        response = note(http.get(`${API}${path}`, params(name, 'read', extra)), name);
        const stale =
          response.status === 200 && sent.size > 0 && headerOf(response, 'x-consistency-stale') === '1';
        if (!stale) break;
        staleReads.add(1, { name });
        if (attempt >= STALE_READ_RETRIES) break;
        sleep((250 * 2 ** attempt) / 1000);
      }
      tokens.remember(headerOf(response, CONSISTENCY_HEADER));
      if (response.status === 200 && headerOf(response, 'x-consistency-stale') !== '1') tokens.settled(sent);
      return response;
    },
    send(method, path, body, name, kind, expected) {
      const extra = { origin: ORIGIN };
      if (body !== null && body !== undefined) extra['content-type'] = 'application/json';
      const request = params(name, kind || 'write', extra);
      if (expected) request.responseCallback = http.expectedStatuses(...expected);
      const response = note(
        http.request(
          method,
          `${API}${path}`,
          body === null || body === undefined ? null : JSON.stringify(body),
          request,
        ),
        name,
        expected &&
          ((status) =>
            expected.some((e) =>
              typeof e === 'number' ? e === status : status >= e.min && status <= e.max,
            )),
      );
      tokens.remember(headerOf(response, CONSISTENCY_HEADER));
      return response;
    },
  };
}

function json(response) {
  try {
    return response.json();
  } catch {
    return null;
  }
}

function pick(list) {
  return list[Math.floor(Math.random() * list.length)];
}

function think() {
  if (THINK_SECONDS > 0) sleep(THINK_SECONDS * (0.5 + Math.random()));
}

// ---------------------------------------------------------------- setup: the pool and this run's content

/** 0 -> "Aa", 27 -> "Bb": names are letters only, as the register form asks. */
function letters(n) {
  const first = String.fromCharCode(65 + (Math.floor(n / 26) % 26));
  const second = String.fromCharCode(97 + (n % 26));
  return `${first}${second}${String.fromCharCode(97 + (Math.floor(n / 676) % 26))}`;
}

function sessionOf(response) {
  const cookie = response.cookies?.[SESSION_COOKIE];
  return cookie && cookie.length > 0 ? cookie[0].value : null;
}

function refusedByLimit(response, what) {
  if (response.status === 429) {
    fail(
      `${what} answered 429 (Retry-After ${headerOf(response, 'retry-after')} s): the product limits sign-ins and ` +
        `registrations per address (${BASE_URL}). Wait that long, or use fewer accounts (LOADTEST_USERS).`,
    );
  }
}

function signInOrRegister(index) {
  const email = `k6-${index}@${EMAIL_DOMAIN}`;
  const employer = index % EMPLOYER_EVERY === 0;
  const anonymous = makeClient(null, new Tokens());
  // A refused sign-in (400, "Invalid email or password") is expected once per account: on the first
  // run, before it was registered. Later runs register nobody.
  let response = anonymous.send('POST', '/auth/login', { email, password: PASSWORD }, 'login', 'auth', [
    { min: 200, max: 299 },
    400,
  ]);
  refusedByLimit(response, `Signing in ${email}`);
  if (response.status === 400) {
    response = anonymous.send(
      'POST',
      '/auth/register',
      {
        firstName: `Load${letters(index).toLowerCase()}`,
        lastName: employer ? 'Employer' : 'Seeker',
        email,
        password: PASSWORD,
        accountType: employer ? 'employer' : 'job_seeker',
      },
      'register',
      'auth',
    );
    refusedByLimit(response, `Registering ${email}`);
    if (response.status === 409) {
      fail(
        `${email} exists with another password: set LOADTEST_PASSWORD, or LOADTEST_EMAIL_DOMAIN for a new pool`,
      );
    }
  }
  const signedIn = check(response, { 'signed in': (r) => r.status === 200 || r.status === 201 });
  const session = sessionOf(response);
  const user = json(response)?.user;
  if (!signedIn || !session || !user) {
    fail(`could not sign in ${email}: ${response.status} ${String(response.body).slice(0, 200)}`);
  }
  return { id: user._id, email, session, employer };
}

const JOB_TEMPLATES = [
  {
    title: 'Senior Backend Engineer',
    description: 'Build event-driven services in TypeScript on Postgres and Kafka for a careers network.',
    skills: ['TypeScript', 'PostgreSQL', 'Kafka'],
    jobType: 'Full-time',
    workLocation: 'Remote',
    experienceLevel: 'Senior Level',
    category: 'Technology',
    city: 'Berlin',
    country: 'Germany',
  },
  {
    title: 'Frontend Developer',
    description: 'React and accessible interfaces; work with designers on the feed and the job search.',
    skills: ['React', 'TypeScript', 'CSS'],
    jobType: 'Contract',
    workLocation: 'Hybrid',
    experienceLevel: 'Mid Level',
    category: 'Technology',
    city: 'Lisbon',
    country: 'Portugal',
  },
  {
    title: 'Data Analyst',
    description: 'Turn product events into dashboards and answers; SQL every day, Python for the rest.',
    skills: ['SQL', 'Python'],
    jobType: 'Full-time',
    workLocation: 'On-site',
    experienceLevel: 'Entry Level',
    category: 'Finance',
    city: 'Austin',
    country: 'United States',
  },
  {
    title: 'Site Reliability Engineer',
    description: 'Keep a distributed system healthy: load tests, capacity plans, on-call with a kind rota.',
    skills: ['Linux', 'Go', 'Kafka'],
    jobType: 'Part-time',
    workLocation: 'Remote',
    experienceLevel: 'Senior Level',
    category: 'Technology',
    city: 'Toronto',
    country: 'Canada',
  },
];

const SEARCHES = [
  { search: 'engineer' },
  { search: '"backend engineer"' },
  { search: 'typescript -java' },
  { search: 'react OR python' },
  { search: 'develop' },
  { skills: 'Kafka' },
  { workLocation: 'Remote' },
  { jobType: 'Full-time', experienceLevel: 'Senior Level' },
  { search: 'engineer', location: 'Berlin' },
  { search: 'data', workLocation: 'On-site', limit: 20 },
];

const POST_TEXTS = [
  'Load test: shipped the new job search today, phrase search included.',
  'Load test: what is your favourite interview question to ask?',
  'Load test: three things I learned running a 2-core deployment.',
];

function createJob(client, template, stamp) {
  return client.send(
    'POST',
    '/jobs',
    {
      title: `${template.title} (${stamp})`,
      description: template.description,
      requirements: ['Curiosity', 'Clear writing'],
      jobType: template.jobType,
      workLocation: template.workLocation,
      experienceLevel: template.experienceLevel,
      category: template.category,
      skills: template.skills.map((name, i) => ({ name, required: i === 0, proficiency: 'Intermediate' })),
      benefits: ['Learning budget'],
      company: { name: 'Loadtest Company', industry: 'Software', size: '11-50', website: '' },
      location: { city: template.city, state: '', country: template.country },
      salary: { min: 50000, max: 90000, currency: 'EUR' },
      applicationDeadline: null,
    },
    'create_job',
  );
}

export function setup() {
  // Signed out, the API answers 401 through the edge: the product is there and routes /api.
  const reachable = http.get(`${API}/auth/me`, {
    tags: { name: 'signed_out', kind: 'probe' },
    responseCallback: http.expectedStatuses(401),
  });
  if (reachable.status !== 401) {
    fail(`${API}/auth/me answered ${reachable.status}, not 401: is the product running behind ${BASE_URL}?`);
  }
  const users = [];
  for (let i = 0; i < USERS; i++) users.push(signInOrRegister(i));
  // This run's content: a post from every other person, a job from every employer.
  const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
  users.forEach((user, i) => {
    const client = makeClient(user.session, new Tokens());
    if (user.employer) {
      const response = createJob(client, JOB_TEMPLATES[(i / EMPLOYER_EVERY) % JOB_TEMPLATES.length], stamp);
      check(response, { 'job posted': (r) => r.status === 201 });
    } else if (i % 2 === 1) {
      const response = client.send(
        'POST',
        '/posts',
        { content: pick(POST_TEXTS), category: 'Technology', tags: ['loadtest'] },
        'create_post',
      );
      check(response, { 'post published': (r) => r.status === 201 });
      // Read back with the post's consistency token, which waits for the read side: the visits find
      // it in their feeds at once, however far behind a busy projector is.
      client.get('/posts/feed?page=1&limit=1', 'feed');
    }
  });
  return { users };
}

// ---------------------------------------------------------------- one visit of one person

/** Per virtual user, across its visits (a k6 VU keeps its module state). */
const state = { tokens: new Tokens(), applied: null };

function feedVisit(client) {
  const feed = client.get('/posts/feed?page=1&limit=10', 'feed');
  const posts = json(feed)?.data;
  if (!check(feed, { 'feed 200': (r) => r.status === 200 && Array.isArray(posts) })) return false;
  if (posts.length === 0) return true;
  think();
  const post = pick(posts);
  const opened = client.get(`/posts/${post._id}`, 'post');
  if (!check(opened, { 'post 200': (r) => r.status === 200 })) return false;
  const liked = client.send('POST', `/posts/${post._id}/like`, null, 'like');
  if (!check(liked, { 'like 200': (r) => r.status === 200 })) return false;
  if (Math.random() < 0.3) {
    think();
    const comment = client.send(
      'POST',
      `/posts/${post._id}/comments`,
      { content: `Thanks for sharing, ${post.author?.firstName || 'friend'}!` },
      'comment',
    );
    if (!check(comment, { 'comment 201': (r) => r.status === 201 })) return false;
  }
  return true;
}

function query(params) {
  return Object.entries(params)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
}

function jobsVisit(client, me) {
  const found = client.get(`/jobs?${query({ page: 1, ...pick(SEARCHES) })}`, 'jobs_search');
  const jobs = json(found)?.data;
  if (!check(found, { 'jobs 200': (r) => r.status === 200 && Array.isArray(jobs) })) return false;
  if (jobs.length === 0) return true;
  think();
  const job = pick(jobs);
  const opened = client.get(`/jobs/${job._id}`, 'job');
  if (!check(opened, { 'job 200': (r) => r.status === 200 })) return false;
  // The job screen knows whether this person applied from their applications.
  if (state.applied === null || Math.random() < 0.2) {
    const mine = client.get('/jobs/my/applications', 'my_applications');
    const list = json(mine)?.data;
    if (!check(mine, { 'applications 200': (r) => r.status === 200 && Array.isArray(list) })) return false;
    state.applied = new Set(list.map((application) => application.job?._id));
  }
  const canApply =
    !me.employer && job.status === 'open' && job.employer?._id !== me.id && !state.applied.has(job._id);
  if (canApply && Math.random() < 0.3) {
    think();
    const applied = client.send(
      'POST',
      `/jobs/${job._id}/apply`,
      {
        applicationData: {
          coverLetter: 'I would like to work on this; my profile has the details.',
          expectedSalary: 70000,
        },
      },
      'apply',
    );
    if (!check(applied, { 'apply 201': (r) => r.status === 201 })) return false;
    state.applied.add(job._id);
  }
  return true;
}

function networkVisit(client) {
  const connections = client.get('/users/connections?page=1&limit=10', 'connections');
  const accepted = json(connections)?.data;
  if (!check(connections, { 'connections 200': (r) => r.status === 200 && Array.isArray(accepted) }))
    return false;
  const pending = client.get('/users/connections/pending', 'pending');
  const waiting = json(pending)?.data;
  if (!check(pending, { 'pending 200': (r) => r.status === 200 && Array.isArray(waiting) })) return false;
  const suggested = client.get('/users/suggested-connections', 'suggestions');
  const people = json(suggested)?.data;
  if (!check(suggested, { 'suggestions 200': (r) => r.status === 200 && Array.isArray(people) }))
    return false;
  think();
  if (waiting.length > 0 && Math.random() < 0.5) {
    const request = pick(waiting);
    const answered = client.send(
      'PUT',
      `/users/connections/${request._id}`,
      { status: 'accepted' },
      'respond',
      'write',
      [{ min: 200, max: 299 }, 404, 409],
    );
    // Its requester may have withdrawn it, or another visit of this person answered it already.
    if (!check(answered, { 'respond 200': (r) => r.status === 200 || r.status === 404 || r.status === 409 }))
      return false;
  } else if (people.length > 0 && Math.random() < 0.3) {
    const person = pick(people);
    const sent = client.send('POST', `/users/${person._id}/connect`, null, 'connect', 'write', [
      { min: 200, max: 299 },
      409,
    ]);
    // 409: the other person asked first in the meantime; their request now waits for this one.
    if (!check(sent, { 'connect 201': (r) => r.status === 201 || r.status === 409 })) return false;
  } else if (accepted.length > 3 && Math.random() < 0.2) {
    const connection = pick(accepted);
    const removed = client.send('DELETE', `/users/connections/${connection._id}`, null, 'remove_connection');
    if (!check(removed, { 'remove 200': (r) => r.status === 200 })) return false;
  }
  return true;
}

export default function visit(data) {
  const me = data.users[(exec.vu.idInTest - 1) % data.users.length];
  const client = makeClient(me.session, state.tokens);
  let ok = true;
  group('feed', () => {
    ok = feedVisit(client) && ok;
  });
  think();
  group('jobs', () => {
    ok = jobsVisit(client, me) && ok;
  });
  think();
  group('network', () => {
    ok = networkVisit(client) && ok;
  });
  visitsDone.add(ok);
  think();
}

// ---------------------------------------------------------------- the summary

function fmtMs(value) {
  if (value === undefined || value === null) return '-';
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(value < 10 ? 1 : 0)} ms`;
}

function pad(text, width) {
  const s = String(text);
  return s.length >= width ? s : s + ' '.repeat(width - s.length);
}

function padStart(text, width) {
  const s = String(text);
  return s.length >= width ? s : ' '.repeat(width - s.length) + s;
}

/** The text summary: per request type count, p50/p95/p99 and whether its thresholds held; then totals. */
export function summaryText(data, paths) {
  const metrics = data.metrics;
  const lines = [];
  const seconds = (data.state?.testRunDurationMs || 0) / 1000;
  lines.push(
    `k6 mixed scenario against ${BASE_URL}: ${USERS} accounts, ${VUS} virtual users, ${seconds.toFixed(1)} s`,
  );
  lines.push('');
  lines.push(
    `  ${pad('request', 20)}${padStart('count', 8)}${padStart('p50', 10)}${padStart('p95', 10)}${padStart('p99', 10)}${padStart('max', 10)}  thresholds`,
  );
  const types = [...SIGN_IN, ...READS, ...WRITES];
  for (const name of types) {
    const metric = metrics[`http_req_duration{name:${name}}`];
    if (!metric) continue;
    const v = metric.values;
    const failed = Object.entries(metric.thresholds || {}).filter(([, t]) => !t.ok);
    const count = v.count ?? 0;
    if (count === 0) continue;
    lines.push(
      `  ${pad(name, 20)}${padStart(count, 8)}${padStart(fmtMs(v.med), 10)}${padStart(fmtMs(v['p(95)']), 10)}${padStart(fmtMs(v['p(99)']), 10)}${padStart(fmtMs(v.max), 10)}  ${
        failed.length === 0 ? 'ok' : `MISSED ${failed.map(([k]) => k).join(', ')}`
      }`,
    );
  }
  lines.push('');
  const reqs = metrics.http_reqs?.values;
  const failedRate = metrics.http_req_failed?.values?.rate ?? 0;
  const checksRate = metrics.checks?.values?.rate ?? 0;
  lines.push(
    `  requests ${reqs?.count ?? 0} (${(reqs?.rate ?? 0).toFixed(1)}/s), failed ${(failedRate * 100).toFixed(2)}%, ` +
      `checks ${(checksRate * 100).toFixed(2)}% passed, visits ${metrics.iterations?.values?.count ?? 0}`,
  );
  lines.push(
    `  rate limited (429) ${metrics.rate_limited?.values?.count ?? 0}, stale reads asked again ${metrics.stale_reads?.values?.count ?? 0}`,
  );
  const missed = [];
  for (const [name, metric] of Object.entries(metrics)) {
    for (const [rule, t] of Object.entries(metric.thresholds || {}))
      if (!t.ok) missed.push(`${name} ${rule}`);
  }
  const failedChecks = [];
  const walk = (group) => {
    for (const c of group.checks || [])
      if (c.fails > 0) failedChecks.push(`${c.name} (${c.fails} of ${c.fails + c.passes})`);
    for (const g of group.groups || []) walk(g);
  };
  if (data.root_group) walk(data.root_group);
  if (failedChecks.length > 0) lines.push(`  checks failed: ${failedChecks.join(', ')}`);
  lines.push(missed.length === 0 ? '  thresholds: all held' : `  thresholds MISSED: ${missed.join('; ')}`);
  if (paths) lines.push(`  summary: ${paths.join(', ')}`);
  return `${lines.join('\n')}\n`;
}

export function handleSummary(data) {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const json = JSON.stringify(
    {
      baseUrl: BASE_URL,
      accounts: USERS,
      vus: VUS,
      duration: ITERATIONS ? null : DURATION,
      iterationsPerVu: ITERATIONS || null,
      thinkSeconds: THINK_SECONDS,
      finishedAt: new Date().toISOString(),
      metrics: data.metrics,
      rootGroup: data.root_group,
      state: data.state,
    },
    null,
    2,
  );
  const files = [`${REPORT_DIR}/loadtest-${stamp}.json`, `${REPORT_DIR}/loadtest-latest.json`];
  const text = summaryText(data, [...files, `${REPORT_DIR}/loadtest-latest.txt`]);
  return {
    stdout: text,
    [files[0]]: json,
    [files[1]]: json,
    [`${REPORT_DIR}/loadtest-latest.txt`]: text,
  };
}
