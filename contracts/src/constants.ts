/**
 * Business constants and limits of the product (spec section 9, plus the enumerations of sections 2-4).
 * Limits the spec leaves open are marked "Not in the spec" with the reason for the value chosen.
 */

// ---- Jobs --------------------------------------------------------------------------------------------

export const jobTypes = ['Full-time', 'Part-time', 'Contract', 'Freelance', 'Internship'] as const;
export const workLocations = ['Remote', 'On-site', 'Hybrid'] as const;
export const experienceLevels = ['Entry Level', 'Mid Level', 'Senior Level', 'Executive'] as const;
export const jobCategories = [
  'Technology',
  'Healthcare',
  'Finance',
  'Education',
  'Marketing',
  'Sales',
  'Other',
] as const;
export const companySizes = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1000+'] as const;
export const skillProficiencies = ['Beginner', 'Intermediate', 'Advanced', 'Expert'] as const;

export const DEFAULT_CURRENCY = 'USD';

/** The Post-a-Job form starts with these values, one empty requirement and one empty benefit. */
export const jobFormDefaults = {
  jobType: 'Full-time',
  workLocation: 'Remote',
  experienceLevel: 'Mid Level',
  category: 'Technology',
  currency: DEFAULT_CURRENCY,
  requirements: [''],
  benefits: [''],
} as const;

/** A new skill row (profile and job form) starts at this proficiency and years of experience. */
export const skillDefaults = { proficiency: 'Intermediate', experience: 1 } as const;

// ---- Accounts ----------------------------------------------------------------------------------------

export const accountTypes = ['job_seeker', 'employer'] as const;
export const accountTypeLabels = { job_seeker: 'Job Seeker', employer: 'Employer' } as const;
export const accountTypeHints = {
  job_seeker: 'Find and apply to job opportunities',
  employer: 'Post jobs and hire talented professionals',
} as const;

export const NAME_MIN_LENGTH = 2;
export const PASSWORD_MIN_LENGTH = 6;
// Not in the spec: a password cap bounds the hashing work; the other caps keep fields on a screen.
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 50;
/** RFC 5321's limit on an address. */
export const EMAIL_MAX_LENGTH = 254;
export const PHONE_MAX_LENGTH = 30;
export const PROFILE_JOB_TITLE_MAX_LENGTH = 100;
export const BIO_MAX_LENGTH = 1000;

/** Not in the spec: a skill or role name, a location part. */
export const SHORT_TEXT_MAX_LENGTH = 100;
/** Not in the spec: a profile carries at most this many skills or desired roles. */
export const MAX_PROFILE_SKILLS = 50;
export const MAX_DESIRED_ROLES = 20;
export const MAX_YEARS_OF_EXPERIENCE = 70;

// ---- Job form limits (not in the spec) ---------------------------------------------------------------

export const JOB_TITLE_MAX_LENGTH = 150;
export const JOB_DESCRIPTION_MAX_LENGTH = 10_000;
export const JOB_LIST_ITEM_MAX_LENGTH = 500;
export const JOB_LIST_MAX_ITEMS = 50;
export const JOB_MAX_SKILLS = 30;
export const COMPANY_TEXT_MAX_LENGTH = 150;
export const WEBSITE_MAX_LENGTH = 2048;
/** Not in the spec: salaries above this are treated as typing mistakes. */
export const SALARY_MAX = 100_000_000;

// ---- Applications ------------------------------------------------------------------------------------

/**
 * The spec's four statuses, plus `withdrawn` (not in the spec: the applicant took the application back;
 * shown with the grey badge the spec gives any other value).
 */
export const applicationStatuses = ['pending', 'accepted', 'rejected', 'interview', 'withdrawn'] as const;
/** The statuses the job's poster may move an application to. */
export const employerApplicationStatuses = ['interview', 'accepted', 'rejected'] as const;
/** Badge colours; any other status is grey. */
export const applicationStatusColors = {
  pending: 'yellow',
  accepted: 'green',
  rejected: 'red',
  interview: 'blue',
} as const;
export const UNKNOWN_STATUS_COLOR = 'grey';
/** Not in the spec: a closed job stays visible, marked closed, and takes no applications. */
export const jobStatuses = ['open', 'closed'] as const;
/** Not in the spec. */
export const COVER_LETTER_MAX_LENGTH = 5000;
/** Not in the spec: how many jobs one person may keep saved at once. */
export const MAX_SAVED_JOBS = 500;

/**
 * The jobs list's "Date posted" choices (beyond the spec, as Indeed and LinkedIn offer them): days
 * back from now, the list keeping the jobs posted within them.
 */
export const POSTED_WITHIN_DAYS = [1, 3, 7, 14, 30] as const;
export type PostedWithinDays = (typeof POSTED_WITHIN_DAYS)[number];

/**
 * The jobs list's "Minimum salary" choices (whole currency units a year). A job is kept when the top
 * of its range (its minimum when it names no top) reaches the choice; a job without a salary is not.
 * The API takes any whole number from 0 to SALARY_MAX; these are the screen's options.
 */
export const MIN_SALARY_CHOICES = [40_000, 60_000, 80_000, 100_000, 120_000, 150_000] as const;

/**
 * The jobs list's orders: `relevance` (matches in the title first, then by rank, the newest first
 * among equals: today's order of a search; without search text it is `newest`), `newest` (posted
 * last first) and `salary` (highest pay first, by the same figure the minimum-salary filter reads;
 * jobs without a salary last, newest first among equals).
 */
export const JOB_SORTS = ['relevance', 'newest', 'salary'] as const;
export type JobSort = (typeof JOB_SORTS)[number];

// ---- Posts (values and limits not in the spec except the defaults 'text', 'Career', 'public') --------

export const postTypes = ['text', 'article', 'achievement', 'job_update'] as const;
export const postCategories = ['Career', 'Technology', 'Jobs', 'Advice', 'News', 'Other'] as const;
export const postVisibilities = ['public', 'connections'] as const;
export const postDefaults = { type: 'text', category: 'Career', visibility: 'public' } as const;
export const POST_CONTENT_MAX_LENGTH = 5000;
export const COMMENT_MAX_LENGTH = 2000;
export const MAX_TAGS = 10;
export const TAG_MAX_LENGTH = 30;
// ---- Messaging -----------------------------------------------------------------------------------------

/** Not in the spec: one message's text (LinkedIn allows 8,000; a chat line is rarely over 2,000). */
export const MESSAGE_MAX_LENGTH = 2000;
/** Messages per page of a thread (newest first, paged back in time) and conversations per page. */
export const MESSAGES_PAGE_SIZE = 30;
export const CONVERSATIONS_PAGE_SIZE = 20;
/** How long a "typing" note lasts on the other side without a new one (ms); sent at most every 3 s. */
export const TYPING_TIMEOUT_MS = 5000;
export const TYPING_EVERY_MS = 3000;

/** Not in the spec: how many tags one person may follow (LinkedIn and Mastodon allow a few hundred). */
export const MAX_FOLLOWED_TAGS = 100;
/** Not in the spec: pictures per post (as LinkedIn and Mastodon allow 4 in a grid) and their alt text. */
export const MAX_POST_IMAGES = 4;
export const POST_IMAGE_ALT_MAX_LENGTH = 1000;

// ---- Connections -------------------------------------------------------------------------------------

/** The spec shows pending, accepted and an answer of rejected; no other value is shown. */
export const connectionStatuses = ['pending', 'accepted', 'rejected'] as const;
export const connectionResponses = ['accepted', 'rejected'] as const;
/** The statuses the connections screen filters by. */
export const connectionFilterStatuses = ['accepted', 'pending'] as const;
/** Not in the spec: the spec only names the default, sort by name. */
export const connectionSortFields = ['name', 'createdAt'] as const;
export const sortOrders = ['asc', 'desc'] as const;
export const connectionSortDefaults = { sortBy: 'name', sortOrder: 'asc' } as const;

// ---- Uploads -----------------------------------------------------------------------------------------

export const MEGABYTE = 1024 * 1024;
/** The multipart field name, size limit and accepted types of each upload. */
export const uploadLimits = {
  resume: { field: 'resume', maxBytes: 10 * MEGABYTE, contentTypes: ['application/pdf'] },
  // Not in the spec: which image types. SVG is left out on purpose (it can carry script).
  profilePicture: {
    field: 'profilePicture',
    maxBytes: 5 * MEGABYTE,
    contentTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  },
  // Not in the spec: a picture for a post, one per request, the same types as a profile picture. Phone
  // photos run to 8 MB.
  postImage: {
    field: 'image',
    maxBytes: 10 * MEGABYTE,
    contentTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  },
} as const;
export const uploadKinds = ['profilePicture', 'resume'] as const;
/** How messages name each upload: "Failed to upload {kind}", "{Label} download started". */
export const uploadKindNames = {
  profilePicture: { kind: 'profile picture', label: 'Profile picture' },
  resume: { kind: 'resume', label: 'Resume' },
} as const satisfies Record<(typeof uploadKinds)[number], { kind: string; label: string }>;
/** The generic upload widget's own default limit. */
export const UPLOAD_WIDGET_DEFAULT_MAX_BYTES = 10 * MEGABYTE;

// ---- Screens -----------------------------------------------------------------------------------------

export const PROFILE_SUCCESS_BANNER_MS = 5000;
export const dashboardCounts = { jobs: 5, recommendedJobs: 3, posts: 3 } as const;
/** Job cards and suggested connections show at most this many skills. */
export const MAX_SKILLS_SHOWN = 3;

export const PROFILE_COMPLETION_ITEMS = 6;
export const profileCompletionThresholds = { green: 80, yellow: 60 } as const;

/** "Just now" under 1 minute, "{n}m ago" under 60 minutes, "{n}h ago" under 1440, else "{n}d ago". */
export const relativeTimeCutoffsMinutes = { hours: 60, days: 1440 } as const;

// ---- Notifications (not in the spec) -------------------------------------------------------------------

/** How many notification ids one mark-read request may name. */
export const MAX_NOTIFICATIONS_MARKED_AT_ONCE = 100;
/** A grouped like notification names at most this many people ("Ada, Bob and 4 others"). */
export const NOTIFICATION_ACTORS_SHOWN = 3;
/** The bell's panel shows this many at a time. */
export const NOTIFICATIONS_PAGE_SIZE = 10;

// ---- Abuse limits (not in the spec) --------------------------------------------------------------------

/**
 * Per-person limits on mutations: how many requests of a class one signed-in user may send in a window
 * (the public sign-in routes count per client address instead, on top of their own throttles). Chosen
 * well above what a person does by hand (a like every half second, a post every six seconds), so only
 * scripts meet them; a refused request gets 429 with Retry-After and writes nothing.
 */
export const mutationRateLimits = {
  likes: { max: 120, windowSeconds: 60 },
  comments: { max: 30, windowSeconds: 60 },
  posts: { max: 10, windowSeconds: 60 },
  connectionRequests: { max: 30, windowSeconds: 60 },
  /** Accepting, declining, withdrawing and removing: a person clears a backlog of requests at once. */
  connectionChanges: { max: 60, windowSeconds: 60 },
  applications: { max: 20, windowSeconds: 60 },
  /**
   * Sending messages: a chat goes back and forth in short lines ("ok", "thanks!") faster than comments
   * do, so a message a second, kept up for a minute, is above anyone typing; a script spamming someone's
   * inbox is stopped within a minute.
   */
  messages: { max: 60, windowSeconds: 60 },
  jobPosts: { max: 10, windowSeconds: 60 },
  /** Moving applicants through statuses and closing jobs: an employer triages a list quickly. */
  hiring: { max: 60, windowSeconds: 60 },
  uploads: { max: 10, windowSeconds: 60 },
  profileSaves: { max: 30, windowSeconds: 60 },
  /** Settings switches save as they are flipped. */
  settings: { max: 60, windowSeconds: 60 },
  passwordChanges: { max: 10, windowSeconds: 60 },
  markRead: { max: 120, windowSeconds: 60 },
  /** Exporting replays every event of the person; deleting asks for the password. */
  accountData: { max: 5, windowSeconds: 60 },
  /** Sign-in, registration and sign-out, per client address (an office shares one). */
  signIn: { max: 60, windowSeconds: 60 },
} as const satisfies Record<string, { max: number; windowSeconds: number }>;
export type MutationRateLimitClass = keyof typeof mutationRateLimits;

/**
 * Failed sign-ins. Per account and client address together: the first `freeFailures` cost nothing,
 * then each further failure makes that address wait (`firstDelaySeconds`, doubling, at most
 * `maxDelaySeconds`) before it may try that account again. Per account from all addresses: past
 * `accountCeiling` failures in `accountWindowSeconds`, only addresses that signed in to the account
 * before (within `knownAddressDays`) may try, so a stranger cannot lock the owner out.
 */
export const loginProtection = {
  freeFailures: 5,
  firstDelaySeconds: 15,
  maxDelaySeconds: 15 * 60,
  /** How long an address's failures on an account are remembered after the last one. */
  pairMemorySeconds: 60 * 60,
  accountCeiling: 100,
  accountWindowSeconds: 60 * 60,
  knownAddressDays: 30,
} as const;

/**
 * A person may try a new email on their profile this many times an hour: each try says whether that
 * email has an account, so it is counted, and costs a password hash as a registration does.
 */
export const EMAIL_CHANGES_PER_HOUR = 5;

/** People search answers at most this many people (the typeahead shows fewer). */
export const PEOPLE_SEARCH_MAX_RESULTS = 20;

/** GET /search answers at most this many of each kind. */
export const SITE_SEARCH_MAX_RESULTS = 20;

/** Beyond the spec: how many of each kind the top bar's typeahead offers, and the search page shows. */
export const searchSectionSizes = { typeahead: 4, page: 10 } as const;

/** A company page lists at most this many of its open jobs, newest first (the count says how many). */
export const COMPANY_JOBS_SHOWN = 50;

/** Password hashes waiting for a free hashing slot, per slot, before the server answers 503 busy. */
export const PASSWORD_HASH_QUEUE_PER_SLOT = 8;
/** Seconds a client is told to wait (Retry-After) when password hashing is busy. */
export const PASSWORD_HASH_BUSY_RETRY_SECONDS = 2;

// ---- Pagination --------------------------------------------------------------------------------------

export const DEFAULT_PAGE = 1;
/** Not in the spec: page size default and cap for jobs, feed and connections. */
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 50;
/** Not in the spec: the longest search text accepted in a list query. */
export const SEARCH_MAX_LENGTH = 200;
/** Not in the spec: how many values one list filter (skills, tags) may hold. */
export const MAX_FILTER_VALUES = 20;
/** Pagination before anything is loaded: page 1 of 1, total 0, no next, no previous. */
export const paginationDefaults = {
  currentPage: 1,
  totalPages: 1,
  total: 0,
  hasNext: false,
  hasPrev: false,
} as const;

// ---- Settings ----------------------------------------------------------------------------------------

export const themes = ['light', 'dark', 'system'] as const;
export const THEME_STORAGE_KEY = 'theme';
export const themeColors = { dark: '#0f0f23', light: '#ffffff' } as const;

export const languages = ['en', 'es', 'fr', 'de'] as const;
export const languageLabels = { en: 'English', es: 'Spanish', fr: 'French', de: 'German' } as const;
export const timezones = ['UTC', 'EST', 'CST', 'MST', 'PST'] as const;

export const notificationSettingKeys = [
  'emailNotifications',
  'pushNotifications',
  'jobAlerts',
  'connectionRequests',
  'applicationUpdates',
  'marketingEmails',
] as const;
export const notificationSettingLabels = {
  emailNotifications: 'Email notifications',
  pushNotifications: 'Push notifications',
  jobAlerts: 'Job alerts',
  connectionRequests: 'Connection requests',
  applicationUpdates: 'Application updates',
  marketingEmails: 'Marketing emails',
} as const satisfies Record<(typeof notificationSettingKeys)[number], string>;
export const notificationDefaults = {
  emailNotifications: true,
  pushNotifications: true,
  jobAlerts: true,
  connectionRequests: true,
  applicationUpdates: true,
  marketingEmails: false,
} as const satisfies Record<(typeof notificationSettingKeys)[number], boolean>;
export const appearanceDefaults = { theme: 'light', language: 'en', timezone: 'UTC' } as const;
