import {
  BIO_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  COVER_LETTER_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  JOB_DESCRIPTION_MAX_LENGTH,
  JOB_LIST_ITEM_MAX_LENGTH,
  JOB_LIST_MAX_ITEMS,
  JOB_MAX_SKILLS,
  JOB_SORTS,
  JOB_TITLE_MAX_LENGTH,
  MAX_DESIRED_ROLES,
  MAX_FILTER_VALUES,
  MAX_FOLLOWED_TAGS,
  MAX_NOTIFICATIONS_MARKED_AT_ONCE,
  MAX_PAGE_SIZE,
  MAX_POST_IMAGES,
  MAX_PROFILE_SKILLS,
  MAX_SAVED_JOBS,
  MAX_TAGS,
  MAX_YEARS_OF_EXPERIENCE,
  MEGABYTE,
  MESSAGE_MAX_LENGTH,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  POST_CONTENT_MAX_LENGTH,
  POST_IMAGE_ALT_MAX_LENGTH,
  POSTED_WITHIN_DAYS,
  PROFILE_JOB_TITLE_MAX_LENGTH,
  SALARY_MAX,
  SEARCH_MAX_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
  TAG_MAX_LENGTH,
  uploadKindNames,
  type uploadKinds,
} from './constants.ts';

/**
 * Every user-facing text, in the spec's words (sections 5 and 8) and, where the spec is silent (server
 * answers, limits it leaves open), in the same voice. Templates are small functions.
 */

export type UploadKind = (typeof uploadKinds)[number];

/** "{label} must be at most {max} characters". */
export function tooLong(label: string, max: number): string {
  return `${label} must be at most ${max} characters`;
}

// ---- Section 8: global handling ---------------------------------------------------------------------

export const globalMessages = {
  serverError: 'Server error. Please try again later.',
  notFound: 'Resource not found.',
  networkError: 'Network error. Please check your connection.',
  /** Beyond the spec: a call made while the browser is offline is not sent (nor later). */
  offline: "You're offline. Nothing was sent.",
} as const;

/** Beyond the spec: the banner under the top bar while the browser or the live connection is down. */
export const connectivityMessages = {
  offline: "You're offline. Changes will not be sent until you're back online.",
  reconnecting: 'Live updates are paused. Reconnecting...',
} as const;

/** Used by the client when an error response has no message field. */
export const fallbackMessages = {
  getUser: 'Failed to get user',
  login: 'Login failed',
  register: 'Registration failed',
  changePassword: 'Failed to change password',
  updateProfile: 'Failed to update profile',
  updateSkills: 'Failed to update skills',
  updateNotifications: 'Failed to update notification settings',
  updateAppearance: 'Failed to update appearance settings',
  uploadProfilePicture: 'Failed to upload profile picture',
  uploadResume: 'Failed to upload resume',
  removeProfilePicture: 'Failed to remove profile picture',
  removeResume: 'Failed to remove resume',
  getResume: 'Failed to get resume',
  fetchJobs: 'Failed to fetch jobs',
  fetchJob: 'Failed to fetch job',
  createJob: 'Failed to create job',
  applyToJob: 'Failed to apply to job',
  fetchMyJobs: 'Failed to fetch your jobs',
  fetchApplications: 'Failed to fetch applications',
  fetchFeed: 'Failed to fetch feed',
  fetchPost: 'Failed to fetch post',
  createPost: 'Failed to create post',
  toggleLike: 'Failed to toggle like',
  addComment: 'Failed to add comment',
  fetchMyPosts: 'Failed to fetch your posts',
  fetchConnections: 'Failed to fetch connections',
  fetchPendingRequests: 'Failed to fetch pending requests',
  fetchSuggestedConnections: 'Failed to fetch suggested connections',
  sendConnectionRequest: 'Failed to send connection request',
  respondToConnectionRequest: 'Failed to respond to connection request',
  removeConnection: 'Failed to remove connection',
} as const;

/** Titles of the cards that show a list's server error text. */
export const errorCardTitles = {
  jobs: 'Error loading jobs',
  jobDetails: 'Error loading job details',
  createJob: 'Error creating job',
  applications: 'Error loading applications',
  feed: 'Error loading feed',
} as const;

// ---- Section 5: Register and Login --------------------------------------------------------------------

export const registerMessages = {
  firstNameRequired: 'First name is required',
  firstNameTooShort: `First name must be at least ${NAME_MIN_LENGTH} characters`,
  firstNameTooLong: tooLong('First name', NAME_MAX_LENGTH),
  lastNameRequired: 'Last name is required',
  lastNameTooShort: `Last name must be at least ${NAME_MIN_LENGTH} characters`,
  lastNameTooLong: tooLong('Last name', NAME_MAX_LENGTH),
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: tooLong('Email', EMAIL_MAX_LENGTH),
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: tooLong('Password', PASSWORD_MAX_LENGTH),
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  accountTypeRequired: 'Please select an account type',
} as const;

/** Server answers of the auth calls (not in the spec). */
export const authMessages = {
  emailTaken: 'An account with this email already exists',
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many attempts. Please try again in a few minutes.',
  signInRequired: 'Please sign in to continue',
  signedOut: 'Signed out successfully',
  /** GET /auth/me for a session whose user the read side has not caught up with yet. */
  accountCatchingUp: 'Your account is almost ready. Trying again in a moment...',
} as const;

// ---- Section 5: Change password, section 8: Settings --------------------------------------------------

export const passwordMessages = {
  currentPasswordRequired: 'Current password is required',
  currentPasswordIncorrect: 'Current password is incorrect',
  newPasswordRequired: 'New password is required',
  newPasswordTooShort: `New password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  newPasswordTooLong: tooLong('New password', PASSWORD_MAX_LENGTH),
  newPasswordSameAsCurrent: 'New password must be different from your current password',
  confirmNewPasswordRequired: 'Please confirm your new password',
  newPasswordsDoNotMatch: 'New passwords do not match',
} as const;

export const settingsMessages = {
  passwordUpdated: 'Password updated successfully!',
  passwordUpdateFailed: 'Failed to update password. Please check your current password.',
  notificationsUpdated: 'Notification settings updated successfully!',
  notificationsUpdateFailed: 'Failed to update notification settings.',
  appearanceUpdated: 'Appearance settings updated successfully!',
  appearanceUpdateFailed: 'Failed to update appearance settings.',
  themeInvalid: 'Please choose a theme: light, dark or system',
  languageInvalid: 'Please choose a language: English, Spanish, French or German',
  timezoneInvalid: 'Please choose a timezone: UTC, EST, CST, MST or PST',
  notificationSettingInvalid: (label: string): string => `${label} must be turned on or off`,
} as const;

/** Settings, Account tab (beyond the spec): export my data, delete my account. */
export const accountMessages = {
  tabLabel: 'Account',
  exportTitle: 'Export your data',
  exportDescription:
    'Download everything we hold about you (your profile, settings, posts, comments, likes, connections, applications and posted jobs) as one JSON file.',
  exportButton: 'Download my data',
  exporting: 'Preparing your file...',
  exportFailed: 'Failed to export your data. Please try again.',
  deleteTitle: 'Delete account',
  deleteDescription:
    'Deleting your account signs you out everywhere and removes your profile, files, posts, comments, likes and connections. Your open applications are withdrawn and your open jobs are closed. This cannot be undone.',
  deleteButton: 'Delete account',
  deleteConfirmLabel: 'Enter your password to confirm',
  deleteConfirmButton: 'Delete my account for good',
  deleteCancel: 'Cancel',
  deleting: 'Deleting...',
  passwordRequired: 'Please enter your password to delete your account',
  passwordIncorrect: 'Password is incorrect',
  deleted: 'Your account has been deleted',
  deleteFailed: 'Failed to delete account. Please try again.',
} as const;

// ---- Section 5: Post a Job ----------------------------------------------------------------------------

export const jobFormMessages = {
  titleRequired: 'Job title is required',
  titleTooLong: tooLong('Job title', JOB_TITLE_MAX_LENGTH),
  descriptionRequired: 'Job description is required',
  descriptionTooLong: tooLong('Job description', JOB_DESCRIPTION_MAX_LENGTH),
  companyNameRequired: 'Company name is required',
  cityRequired: 'City is required',
  salaryRangeRequired: 'Salary range is required',
  salaryNotANumber: 'Salary must be a number',
  salaryNotWhole: 'Salary must be a whole number',
  salaryNegative: 'Salary cannot be negative',
  salaryTooLarge: 'Salary is too large',
  salaryMaxBelowMin: 'Maximum salary cannot be less than minimum salary',
  currencyInvalid: 'Currency must be a 3-letter code such as USD',
  jobTypeInvalid: 'Please choose a valid job type',
  workLocationInvalid: 'Please choose a valid work location',
  experienceLevelInvalid: 'Please choose a valid experience level',
  categoryInvalid: 'Please choose a valid category',
  companySizeInvalid: 'Please choose a valid company size',
  websiteInvalid: 'Please enter a valid website address starting with http:// or https://',
  deadlineInvalid: 'Please enter a valid date for the application deadline',
  deadlineInPast: 'Application deadline cannot be before today',
  requirementTooLong: tooLong('Each requirement', JOB_LIST_ITEM_MAX_LENGTH),
  tooManyRequirements: `A job can list at most ${JOB_LIST_MAX_ITEMS} requirements`,
  benefitTooLong: tooLong('Each benefit', JOB_LIST_ITEM_MAX_LENGTH),
  tooManyBenefits: `A job can list at most ${JOB_LIST_MAX_ITEMS} benefits`,
  skillNameTooLong: tooLong('Skill name', SHORT_TEXT_MAX_LENGTH),
  tooManySkills: `A job can list at most ${JOB_MAX_SKILLS} skills`,
  skillRequiredFlagInvalid: 'Whether a skill is required must be true or false',
  proficiencyInvalid: 'Please choose a valid skill proficiency',
} as const;

export const jobMessages = {
  jobNotFound: 'Job not found',
  jobNotFoundDetail: "The job you're looking for doesn't exist or has been removed.",
  noJobsFound: 'No jobs found',
  tryAdjustingSearch: 'Try adjusting your search criteria',
  jobsFound: (n: number): string => `${n} jobs found`,
  appliedCount: (n: number): string => `${n} applied`,
  salaryNotSpecified: 'Salary not specified',
  locationNotSpecified: 'Location not specified',
  notSpecified: 'Not specified',
} as const;

/**
 * Beyond the spec: saving a job for later, from the list and the job's page, and the Saved Jobs list.
 * The button is a toggle named "Save job" showing the word "Save", pressed (and its bookmark filled)
 * once saved: its name and word stay, as a toggle's should.
 */
export const savedJobMessages = {
  saveJob: 'Save job',
  save: 'Save',
  savedJobs: 'Saved Jobs',
  noSavedJobs: "You haven't saved any jobs yet",
  browseJobs: 'Save jobs from the list to come back to them later.',
  savedOn: (date: string): string => `Saved ${date}`,
  closedNote: 'This job is closed and no longer takes applications',
  saveFailed: 'Failed to save the job. Please try again.',
  unsaveFailed: 'Failed to remove the job from your saved jobs. Please try again.',
  errorLoading: 'Error loading your saved jobs',
  tooMany: `You can save at most ${MAX_SAVED_JOBS} jobs. Remove some to save more.`,
  jobSaved: 'Job saved',
  jobUnsaved: 'Job removed from your saved jobs',
} as const;

// ---- Section 5: Apply, section 8: apply alerts --------------------------------------------------------

export const applyMessages = {
  coverLetterRequired: 'Cover letter is required',
  coverLetterTooLong: tooLong('Cover letter', COVER_LETTER_MAX_LENGTH),
  expectedSalaryInvalid: 'Expected salary must be a number',
  expectedSalaryNegative: 'Expected salary cannot be negative',
  expectedSalaryTooLarge: 'Expected salary is too large',
  submitted: 'Application submitted successfully!',
  submitFailed: 'Failed to submit application. Please try again.',
  alreadyApplied: 'You have already applied to this job',
  deadlinePassed: 'The application deadline for this job has passed',
  noApplications: 'No applications found',
  noApplicationsYet: "You haven't applied to any jobs yet",
  noApplicationsMatch: 'No applications match your current filters',
  /**
   * Beyond the spec: an apply naming a resume uploaded for it that is not there to send (never
   * uploaded, someone else's, already sent with another application, or cleared away after an hour).
   */
  resumeUploadNotFound: 'Resume not found. Please upload it again.',
  /** A resume choice that is none of the three (only a client of its own sends one). */
  resumeChoiceInvalid: 'Choose which resume to send',
  /** The apply panel's choice of resume (beyond the spec). */
  resumeLegend: 'Resume',
  sendProfileResume: (filename: string): string => `Send my profile resume (${filename})`,
  noProfileResume: 'Your profile has no resume.',
  addProfileResume: 'Add one to your profile',
  uploadResumeForJob: 'Upload a resume for this job',
  chooseResumeFile: 'Choose a PDF',
  replaceResumeFile: 'Replace',
  uploadingResume: 'Uploading...',
  applyWithoutResume: 'Apply without a resume',
  /** Submit with "Upload a resume for this job" chosen and nothing uploaded yet. */
  resumeUploadRequired: 'Please upload a resume, or choose another option',
} as const;

// ---- Hiring: closing jobs, moving and withdrawing applications (not in the spec) ----------------------

export const hiringMessages = {
  cannotApplyToOwnJob: 'You cannot apply to a job you posted',
  jobClosed: 'This job is closed and no longer takes applications',
  onlyPosterCloses: 'Only the person who posted this job can close it',
  onlyPosterEdits: 'Only the person who posted this job can edit it',
  closedJobNotEditable: 'A closed job cannot be edited',
  editJob: 'Edit Job',
  saveJobChanges: 'Save Changes',
  savingJob: 'Saving...',
  editJobFailed: 'Failed to save the job. Please try again.',
  /** On the job's page, beside Posted. */
  editedOn: (date: string): string => `Edited ${date}`,
  /** On an application card whose job its poster edited after the application. */
  jobEditedSinceApplying:
    'The poster edited this job after you applied; this card shows it as you applied to it.',
  viewJobAsItIsNow: 'See the job as it is now',
  applicationNotFound: 'Application not found',
  onlyPosterMoves: 'Only the person who posted this job can change the status of its applications',
  onlyApplicantWithdraws: 'Only the applicant can withdraw this application',
  cannotMove: (from: string, to: string): string => `An application that is ${from} cannot be moved to ${to}`,
  cannotWithdraw: (status: string): string => `An application that is ${status} can no longer be withdrawn`,
  statusInvalid: 'Please choose a status: interview, accepted or rejected',
  myPostedJobs: 'My Posted Jobs',
  noPostedJobs: "You haven't posted any jobs yet",
  postFirstJob: 'Post your first job to start receiving applications.',
  closeJob: 'Close Job',
  closing: 'Closing...',
  closedBadge: 'Closed',
  applicants: 'Applicants',
  noApplicants: 'No applicants yet',
  withdraw: 'Withdraw',
  withdrawing: 'Withdrawing...',
  moveTo: (status: string): string => `Move to ${status}`,
  applicantCount: (n: number): string => (n === 1 ? '1 applicant' : `${n} applicants`),
  errorLoadingApplicants: 'Error loading applicants',
  fetchApplicants: 'Failed to fetch applicants',
  updateStatusFailed: 'Failed to update the application. Please try again.',
  closeJobFailed: 'Failed to close the job. Please try again.',
  withdrawFailed: 'Failed to withdraw the application. Please try again.',
  errorLoadingPostedJobs: 'Error loading your jobs',
  viewApplicants: 'View applicants',
  closeJobConfirm: 'Close this job? It will take no more applications and cannot be reopened.',
  confirmClose: 'Yes, close job',
  withdrawConfirm: 'Withdraw this application? This cannot be undone.',
  confirmWithdraw: 'Yes, withdraw',
  cancel: 'Cancel',
  moving: 'Moving...',
  statusHistory: 'Status history',
  youPostedThis: 'You posted this job.',
  applicantsFor: (title: string): string => `Applicants for ${title}`,
  applicantsPerStatus: 'Applicants per status',
  postedOn: (date: string): string => `Posted ${date}`,
  /** One line of an application's history: "interview on 3 Mar 2026, 10:00". */
  historyEntry: (status: string, when: string): string => `${status} on ${when}`,
} as const;

// ---- Jobs screens: labels (the spec's words where it gives them) --------------------------------------

export const jobScreenMessages = {
  findJobs: 'Find Jobs',
  postAJob: 'Post a Job',
  searchLabel: 'Search jobs',
  searchPlaceholder: 'Search by title, company or keywords',
  search: 'Search',
  jobType: 'Job type',
  workLocation: 'Work location',
  experienceLevel: 'Experience level',
  allJobTypes: 'All job types',
  allWorkLocations: 'All work locations',
  allExperienceLevels: 'All experience levels',
  clearFilters: 'Clear Filters',
  locationPlaceholder: 'City, state or country',
  minSalary: 'Minimum salary',
  anySalary: 'Any salary',
  /** An option of the minimum-salary filter: "$80,000+". */
  salaryAtLeast: (amount: number): string => `$${amount.toLocaleString('en-US')}+`,
  datePosted: 'Date posted',
  anyTime: 'Any time',
  /** An option of the date-posted filter. */
  postedWithinDays: (days: number): string => (days === 1 ? 'Last 24 hours' : `Last ${days} days`),
  sortBy: 'Sort by',
  sortLabels: { relevance: 'Most relevant', newest: 'Newest', salary: 'Highest salary' },
  previous: 'Previous',
  next: 'Next',
  pagination: 'Pagination',
  skills: 'Skills',
  backToJobs: 'Back to Jobs',
  salaryRange: 'Salary Range',
  company: 'Company',
  industry: 'Industry',
  size: 'Size',
  website: 'Website',
  employees: (size: string): string => `${size} employees`,
  description: 'Description',
  requirements: 'Requirements',
  requiredSkills: 'Required Skills',
  requiredSkill: 'Required',
  benefits: 'Benefits',
  jobInformation: 'Job Information',
  posted: 'Posted',
  applicationDeadline: 'Application deadline',
  applications: 'Applications',
  category: 'Category',
  applyNow: 'Apply Now',
  coverLetter: 'Cover Letter',
  expectedSalary: 'Expected Salary',
  optional: 'Optional',
  submitApplication: 'Submit Application',
  submitting: 'Submitting...',
  cancel: 'Cancel',
  viewMyApplications: 'View My Applications',
  appliedStatus: 'Your application',
  // Post a Job
  basicInformation: 'Basic Information',
  jobTitle: 'Job title',
  jobDescription: 'Job description',
  requirement: (n: number): string => `Requirement ${n}`,
  addRequirement: 'Add requirement',
  removeRequirement: (n: number): string => `Remove requirement ${n}`,
  skillName: 'Skill name',
  proficiency: 'Proficiency',
  requiredToggle: 'Required skill',
  addSkill: 'Add skill',
  removeSkill: (name: string): string => `Remove skill ${name}`,
  noSkillsAdded: 'No skills added yet',
  remove: 'Remove',
  benefitsAndPerks: 'Benefits & Perks',
  benefit: (n: number): string => `Benefit ${n}`,
  addBenefit: 'Add benefit',
  removeBenefit: (n: number): string => `Remove benefit ${n}`,
  companyInformation: 'Company Information',
  companyName: 'Company name',
  companySize: 'Company size',
  selectCompanySize: 'Select company size',
  location: 'Location',
  city: 'City',
  state: 'State',
  country: 'Country',
  minimumSalary: 'Minimum salary',
  maximumSalary: 'Maximum salary',
  salaryCurrencyNote: (currency: string): string => `Yearly, in ${currency}`,
  applicationDeadlineSection: 'Application Deadline',
  deadlineHint: 'Optional; not before today',
  postJob: 'Post Job',
  creatingJob: 'Creating Job...',
} as const;

export const applicationsScreenMessages = {
  myApplications: 'My Applications',
  searchLabel: 'Search applications',
  searchPlaceholder: 'Search by job title or employer',
  status: 'Status',
  allStatuses: 'All',
  sort: 'Sort',
  mostRecent: 'Most Recent',
  oldestFirst: 'Oldest First',
  byStatus: 'By Status',
  clearFilters: 'Clear Filters',
  statistics: 'Application statistics',
  total: 'Total',
  pending: 'Pending',
  accepted: 'Accepted',
  interviews: 'Interviews',
  browseJobs: 'Browse Jobs',
  viewJob: 'View Job',
  applied: (when: string): string => `Applied ${when}`,
  expectedSalary: (salary: string): string => `Expected salary: ${salary}`,
  coverLetter: 'Cover letter',
} as const;

// ---- Section 5: Profile, section 8: profile alerts ----------------------------------------------------

function fileLabel(kind: UploadKind): string {
  return uploadKindNames[kind].label;
}

export const profileMessages = {
  updated: 'Profile updated successfully!',
  updateFailed: 'Failed to update profile. Please try again.',
  phoneInvalid: 'Please enter a valid phone number',
  bioTooLong: tooLong('Bio', BIO_MAX_LENGTH),
  jobTitleTooLong: tooLong('Job title', PROFILE_JOB_TITLE_MAX_LENGTH),
  locationPartTooLong: (label: string): string => tooLong(label, SHORT_TEXT_MAX_LENGTH),
  skillNameTooLong: tooLong('Skill name', SHORT_TEXT_MAX_LENGTH),
  tooManySkills: `A profile can list at most ${MAX_PROFILE_SKILLS} skills`,
  experienceInvalid: `Years of experience must be a whole number from 0 to ${MAX_YEARS_OF_EXPERIENCE}`,
  roleTooLong: tooLong('Desired role', SHORT_TEXT_MAX_LENGTH),
  tooManyRoles: `A profile can list at most ${MAX_DESIRED_ROLES} desired roles`,
  preferredLocationInvalid: 'Preferred location must be Remote, On-site or Hybrid',
  resumeNotPdf: 'Please upload a PDF file for resume',
  pictureNotImage: 'Please upload an image file for profile picture',
  pictureTypeNotSupported: 'Profile pictures can be JPEG, PNG, GIF or WebP images',
  /** "File size too large. Maximum size: {n}MB" */
  fileTooLarge: (maxBytes: number): string => `File size too large. Maximum size: ${maxBytes / MEGABYTE}MB`,
  selectPdf: 'Please select a PDF file',
  selectImage: 'Please select an image file',
  fileMissing: 'Please choose a file to upload',
  uploaded: (kind: UploadKind): string => `${fileLabel(kind)} uploaded successfully!`,
  /** "Failed to upload {kind}. {server message or Please try again.}" */
  uploadFailed: (kind: UploadKind, serverMessage?: string): string =>
    `Failed to upload ${uploadKindNames[kind].kind}. ${serverMessage?.trim() || 'Please try again.'}`,
  removed: (kind: UploadKind): string => `${fileLabel(kind)} removed successfully!`,
  removeFailed: (kind: UploadKind): string =>
    `Failed to remove ${uploadKindNames[kind].kind}. Please try again.`,
  nothingToRemove: (kind: UploadKind): string => `There is no ${uploadKindNames[kind].kind} to remove`,
  notAvailableForDownload: (kind: UploadKind): string => `${fileLabel(kind)} not available for download`,
  openedInNewTab: (kind: UploadKind): string => `${fileLabel(kind)} opened in new tab`,
  downloadStarted: (kind: UploadKind): string => `${fileLabel(kind)} download started`,
  downloadFailed: (kind: UploadKind): string =>
    `Failed to download ${uploadKindNames[kind].kind}. Please try again.`,
  loadingResume: 'Loading resume...',
  resumeNotAdded: 'Resume Not Added Yet',
  userNotFound: 'User not found',
} as const;

// ---- Section 5: Feed, section 8: post alerts ----------------------------------------------------------

/**
 * Beyond the spec: tags. A tag's page (`/feed?tag=word`: its counts and Follow toggle), the feed's list
 * of followed tags, and a tag asked for in the URL that cannot be one. Counts come in already written
 * in the reader's language; `count` is the number itself, for the singular.
 */
export const tagMessages = {
  /** A tag as the screens write it: its page's heading, its links. */
  hashtag: (tag: string): string => `#${tag}`,
  postsCount: (count: number, written: string): string => (count === 1 ? '1 post' : `${written} posts`),
  followersCount: (count: number, written: string): string =>
    count === 1 ? '1 follower' : `${written} followers`,
  /**
   * The toggle's word, and its name with the tag: the name holds the word on screen (WCAG 2.5.3), the
   * pressed state says whether the reader follows it.
   */
  follow: 'Follow',
  following: 'Following',
  followButton: (word: string, tag: string): string => `${word} #${tag}`,
  followFailed: 'Failed to follow the tag. Please try again.',
  unfollowFailed: 'Failed to unfollow the tag. Please try again.',
  fetchTag: 'Failed to load the tag',
  noPosts: (tag: string): string => `No posts with #${tag} yet`,
  allPosts: 'Back to all posts',
  /** `/feed?tag=` with something that cannot be a tag (the reason is the server's own rule). */
  invalidTitle: 'This is not a tag',
  invalidTag: (written: string, reason: string): string => `“${written}” cannot be a tag. ${reason}.`,
  followedTitle: 'Followed tags',
  fetchFollowed: 'Failed to load your followed tags',
  /** The feed's "Following" list is the dashboard's Recent Activity: the reader's network and followed tags. */
  noneFollowed:
    "You don't follow any tags yet. Follow one from its page (select a #tag in a post) to see its posts in Recent Activity on your dashboard.",
} as const;

/** Messaging: the screens' own texts (beyond the spec); what the server answers is in messagingMessages. */
export const messagingScreenMessages = {
  title: 'Messages',
  /** After the sidebar link's and a conversation's name: the count is said, the badge is only drawn. */
  unreadSuffix: (unread: number): string => `, ${unread} unread`,
  conversations: 'Conversations',
  noConversations: 'No conversations yet',
  noConversationsHint: 'Start one with the Message button on a connection, a profile or an applicant.',
  chooseConversation: 'Choose a conversation to read it here.',
  moreConversations: 'Show more conversations',
  conversationsFailed: 'Failed to load your conversations',
  threadFailed: 'Failed to load this conversation',
  unreadBadge: (unread: number): string => (unread > 99 ? '99+' : String(unread)),
  noMessagesYet: 'No messages yet. Say hello!',
  /** Before the text of the reader's own last message in the list. */
  you: (text: string): string => `You: ${text}`,
  messageDeleted: 'Message deleted',
  aboutJob: (title: string): string => `About: ${title}`,
  backToList: 'All conversations',
  loadEarlier: 'Load earlier messages',
  loadingEarlier: 'Loading earlier messages...',
  threadLabel: (name: string): string => `Conversation with ${name}`,
  /** Before each of the other's messages, for screen readers (the side they sit on says it to the eye). */
  saidBy: (name: string): string => `${name}: `,
  /** Beside the time of each of the reader's own messages, for screen readers. */
  sentByYou: 'You, ',
  /** Under the last of the reader's messages the other person has read. */
  seen: 'Seen',
  typing: (name: string): string => `${name} is typing…`,
  composerLabel: (name: string): string => `Message ${name}`,
  composerPlaceholder: 'Write a message…',
  composerHint: 'Enter sends, Shift+Enter starts a new line.',
  send: 'Send',
  sending: 'Sending…',
  notSent: 'Not sent.',
  sendFailed: 'Failed to send the message. Please try again.',
  retry: 'Retry',
  messageTooLong: (max: string, over: string): string =>
    `Messages can be at most ${max} characters. Remove ${over} to send.`,
  /** Shown to the person who blocked the other, instead of the composer. */
  youBlockedNote: 'You blocked this person.',
  block: 'Block',
  blocking: 'Blocking...',
  unblock: 'Unblock',
  unblocking: 'Unblocking...',
  blockQuestion: (name: string): string =>
    `Block ${name}? Neither of you can send messages until you unblock them. They are not told.`,
  cancel: 'Cancel',
  blockFailed: 'Failed to block this person. Please try again.',
  unblockFailed: 'Failed to unblock this person. Please try again.',
  /** The Message button on a connection, a profile and an applicant. */
  message: 'Message',
  messageTitle: (name: string): string => `Send ${name} a message`,
  opening: 'Opening...',
  startFailed: 'Failed to open the conversation. Please try again.',
  /** The bell's line for a `new_message` notification (it quotes nothing: only who wrote). */
  newMessageNotification: (who: string): string => `${who} sent you a message`,
} as const;

/** Messaging: what the server answers (the screens' own texts are in messagingScreenMessages). */
export const messagingMessages = {
  /** A conversation that does not exist, or that the reader may not open or write into: one answer. */
  conversationNotFound: 'Conversation not found',
  /**
   * Writing into one's conversation with someone one may not write to now: no longer connected nor
   * linked by an application, or blocked by them (the blocked side is told nothing more than this).
   */
  cannotReply: "You can't reply to this conversation",
  cannotMessageSelf: 'You cannot message yourself',
  messageEmpty: 'Message cannot be empty',
  messageTooLong: tooLong('Message', MESSAGE_MAX_LENGTH),
  messageNotFound: 'Message not found',
  /** To the person who blocked the other, trying to write: only they are told of the block. */
  youBlocked: 'You blocked this person. Unblock them to send a message.',
  cannotBlockSelf: 'You cannot block yourself',
  beforeInvalid: 'before must be the nextBefore of the page before',
  blocked: 'Blocked',
  unblocked: 'Unblocked',
} as const;

export const postMessages = {
  contentEmpty: 'Post content cannot be empty',
  contentTooLong: tooLong('Post content', POST_CONTENT_MAX_LENGTH),
  commentEmpty: 'Comment cannot be empty',
  commentTooLong: tooLong('Comment', COMMENT_MAX_LENGTH),
  tooManyTags: `A post can have at most ${MAX_TAGS} tags`,
  tagTooLong: tooLong('Each tag', TAG_MAX_LENGTH),
  tagInvalid: 'Tags may contain only letters, numbers, hyphens and underscores',
  typeInvalid: 'Please choose a valid post type',
  categoryInvalid: 'Please choose a valid post category',
  visibilityInvalid: 'Post visibility must be public or connections',
  createFailed: 'Failed to create post. Please try again.',
  postNotFound: 'Post not found',
  noPosts: 'No posts yet',
  commentNotFound: 'Comment not found',
  onlyAuthorEditsPost: 'Only the author can edit this post',
  onlyAuthorDeletesPost: 'Only the author can delete this post',
  onlyAuthorEditsComment: 'Only the author can edit this comment',
  onlyAuthorsDeleteComment: "Only the comment's author or the post's author can delete this comment",
  postDeleted: 'Post deleted',
  commentDeleted: 'Comment deleted',
  tooManyImages: `A post can have at most ${MAX_POST_IMAGES} images`,
  imageAltTooLong: tooLong('Alt text', POST_IMAGE_ALT_MAX_LENGTH),
  imageRepeated: 'Each image can be added once',
  /** An image id that this author did not upload, or that is already in a post. */
  imageNotFound: 'Image not found. Please upload it again.',
  imageNotImage: 'Please upload an image file',
  imageTypeNotSupported: 'Please upload a JPEG, PNG, GIF or WebP image',
  imageTooLarge: (maxBytes: number): string => `Image too large. Maximum size: ${maxBytes / MEGABYTE}MB`,
  tooManyFollowedTags: `You can follow at most ${MAX_FOLLOWED_TAGS} tags`,
} as const;

/**
 * Beyond the spec: pictures in posts. The composer's words (adding, uploading, alt text, removing; a
 * file it refuses before sending gets postMessages' words, the server's own) and the card's (the grid,
 * and one picture opened large). Pictures are counted from 1, as a person counts them.
 */
export const postImageMessages = {
  addImages: 'Add images',
  images: 'Images',
  /** Names the preview of a chosen picture by its place and file name, for whoever cannot see it. */
  preview: (n: number, fileName: string): string => `Image ${n}: ${fileName}`,
  uploading: 'Uploading...',
  uploaded: 'Uploaded',
  /** A failed upload without a message of the server's. */
  uploadFailed: 'Failed to upload image. Please try again.',
  /** A chosen file the composer refuses before sending: its name, then postMessages' reason. */
  refusedFile: (fileName: string, reason: string): string => `${fileName}: ${reason}`,
  altText: 'Alt text',
  /** After "Alt text", for screen readers only, so each picture's field has its own name. */
  altTextFor: (n: number): string => `for image ${n}`,
  altHint: 'Describe the picture for people who cannot see it',
  altTooLong: (max: string, over: string): string =>
    `Alt text can be at most ${max} characters. Remove ${over} to post.`,
  remove: 'Remove',
  /** After "Remove", for screen readers only: "Remove image 2". */
  removeWhich: (n: number): string => `image ${n}`,
  /** Why Post sends nothing yet. */
  waitForUploads: 'Wait until the images have uploaded to post.',
  removeFailedImages: 'Remove or retry the images that could not be uploaded to post.',
  /** On a picture whose upload failed on the way (no answer, or the server failing): send it again. */
  retry: 'Retry',
  /** After "Retry", for screen readers only: "Retry image 2". */
  retryWhich: (n: number): string => `image ${n}`,
  /** A picture posted without alt text, as LinkedIn words it. */
  noAltText: 'No alternative text description for this image',
  /** The name of a picture opened large: "Image 2 of 3". */
  imageOf: (n: number, total: number): string => `Image ${n} of ${total}`,
  close: 'Close',
} as const;

/**
 * Feed texts the spec does not give: names for its bare like and comment icons, the "New posts" count
 * and the comment list's paging. Counts come in already written in the reader's language.
 */
export const feedMessages = {
  likeButton: (count: string): string => `Like, ${count}`,
  commentsButton: (count: string): string => `Comments, ${count}`,
  newPosts: (count: string): string => `New posts (${count})`,
  showMoreComments: 'Show more comments',
  noComments: 'No comments yet',
  /** The toggle of a long post, folded to its first lines. */
  seeMore: 'See more',
  seeLess: 'See less',
  /**
   * Beyond the spec (which always sends "public"): the composer's choice of who sees a post, and the
   * card's note on a post only the author's connections see.
   */
  visibilityLabel: 'Who can see this post',
  visibilityPublic: 'Everyone',
  visibilityConnections: 'Connections only',
  /**
   * Beyond the spec: the author's actions on their own post or comment (the post's author may also
   * delete comments under it), and the "Edited" mark with the time of the last change.
   */
  postActions: 'Post actions',
  commentActions: 'Comment actions',
  edit: 'Edit',
  delete: 'Delete',
  save: 'Save',
  saving: 'Saving...',
  cancel: 'Cancel',
  edited: 'Edited',
  editedAt: (when: string): string => `Edited ${when}`,
  editPostLabel: 'Edit your post',
  editCommentLabel: 'Edit your comment',
  confirmDeletePost: 'Delete this post? Its likes and comments go with it. This cannot be undone.',
  confirmDeleteComment: 'Delete this comment? This cannot be undone.',
  editPostFailed: 'Failed to save your post. Please try again.',
  deletePostFailed: 'Failed to delete the post. Please try again.',
  editCommentFailed: 'Failed to save your comment. Please try again.',
  deleteCommentFailed: 'Failed to delete the comment. Please try again.',
} as const;

/**
 * Beyond the spec: what the post composer and the comment input say near their limit and past it (the
 * text is not cut: it stays, and is not sent, until it is short enough). Counts come in already
 * written in the reader's language; `count` is the number itself, for the singular.
 */
export const textLimitMessages = {
  charactersLeft: (count: number, written: string): string =>
    count === 1 ? '1 character left' : `${written} characters left`,
  postTooLong: (max: string, over: string): string =>
    `Posts can be at most ${max} characters. Remove ${over} to post.`,
  commentTooLong: (max: string, over: string): string =>
    `Comments can be at most ${max} characters. Remove ${over} to send.`,
} as const;

/** Settings > Appearance offers four languages, but only English texts exist yet. */
export const appearanceMessages = {
  languageNote: 'Only English texts exist yet: the language sets how dates and numbers are written.',
} as const;

// ---- Connections --------------------------------------------------------------------------------------

export const connectionMessages = {
  responseInvalid: 'Please answer the connection request with accepted or rejected',
  statusFilterInvalid: 'Status must be accepted or pending',
  sortByInvalid: 'Connections can be sorted by name or createdAt',
  sortOrderInvalid: 'Sort order must be asc or desc',
  cannotConnectWithSelf: 'You cannot connect with yourself',
  alreadyConnected: 'You are already connected with this person',
  requestAlreadyPending: 'A connection request between you is already pending',
  requestAlreadyAnswered: 'This connection request has already been answered',
  notRequestRecipient: 'Only the person who received this request can answer it',
  requestNotFound: 'Connection request not found',
  connectionNotFound: 'Connection not found',
  requestSent: 'Connection request sent',
  requestAccepted: 'Connection request accepted',
  requestDeclined: 'Connection request declined',
  removed: 'Connection removed',
  requestWithdrawn: 'Connection request withdrawn',
  notRequestSender: 'Only the person who sent this request can withdraw it',
  withdrawRequest: 'Withdraw',
  sentRequests: 'Sent',
  noSentRequests: 'No requests waiting for an answer',
  fetchSentRequestsFailed: 'Failed to fetch sent requests',
  withdrawFailed: 'Failed to withdraw connection request',
  mutualConnections: (n: number): string => `${n} mutual connection${n === 1 ? '' : 's'}`,
  /** Beyond the spec: why a person is suggested, when skills in common (one or two names) are why. */
  sharesSkills: (skills: readonly string[]): string => `Shares ${skills.join(' and ')}`,
  /** Beyond the spec: why a person is suggested, when the city is why. */
  alsoIn: (city: string): string => `Also in ${city}`,
  noConnections: 'No Connections',
  noPendingRequests: 'No Pending Requests',
  noSuggestedConnections: 'No Suggested Connections',
  wantsToConnect: 'Wants to connect with you',
  noBio: 'No bio available',
} as const;

/** The Connections screen's own words (tabs, filters, buttons); the spec names the tabs and buttons. */
export const connectionScreenMessages = {
  tabs: 'Connections',
  myConnections: 'My Connections',
  pendingRequests: 'Pending Requests',
  suggested: 'Suggested',
  searchLabel: 'Search connections',
  searchPlaceholder: 'Search by first or last name',
  status: 'Status',
  allStatuses: 'All',
  sort: 'Sort',
  nameAscending: 'Name (A-Z)',
  nameDescending: 'Name (Z-A)',
  newestFirst: 'Newest first',
  oldestFirst: 'Oldest first',
  clearFilters: 'Clear Filters',
  noMatches: 'No connections match your search and filter',
  message: 'Message',
  messageTitle: (name: string): string => `Write an email to ${name}`,
  remove: 'Remove',
  removing: 'Removing...',
  removeQuestion: (name: string): string => `Remove ${name} from your connections?`,
  cancel: 'Cancel',
  accept: 'Accept',
  decline: 'Decline',
  connect: 'Connect',
  withdrawing: 'Withdrawing...',
  requestSent: 'Request sent',
  received: 'Received',
  loadMore: 'Load more',
  skills: 'Skills',
} as const;

// ---- List queries (not in the spec) ------------------------------------------------------------------

export const queryMessages = {
  pageInvalid: 'Page must be a whole number of 1 or more',
  limitInvalid: `Limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`,
  /** A list that answers at most `max` (people search, the search across the product). */
  limitOutOf: (max: number) => `Limit must be a whole number from 1 to ${max}`,
  searchTooLong: tooLong('Search text', SEARCH_MAX_LENGTH),
  followingInvalid: 'The following filter must be true or false',
  searchKindInvalid: 'The kind of search must be typeahead or page',
  minSalaryInvalid: `Minimum salary must be a whole number from 0 to ${SALARY_MAX.toLocaleString('en-US')}`,
  postedWithinInvalid: `Date posted must be one of ${POSTED_WITHIN_DAYS.join(', ')} (days)`,
  sortInvalid: `Sort must be one of ${JOB_SORTS.join(', ')}`,
  listFilterTooLong: `A list filter can hold at most ${MAX_FILTER_VALUES} values of at most ${SHORT_TEXT_MAX_LENGTH} characters each`,
} as const;

// ---- Requests in general (not in the spec) -------------------------------------------------------------

export const requestMessages = {
  invalidJson: 'The request body is not valid JSON',
  /** NUL, or half of a UTF-16 surrogate pair without its other half: not text anyone types. */
  unsafeText: 'Text cannot contain NUL characters or broken Unicode',
  /** A URL whose percent-encoding does not decode (`/api/posts/%ZZ`). */
  malformedUrl: 'The address of the request is not valid',
  /** A request the server cannot read for any other reason (bad headers, a broken body). */
  invalidRequest: 'The request is not valid',
  /** A method the path does not answer to. */
  methodNotAllowed: 'This method is not allowed here',
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 255 visible characters',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request',
  jsonExpected: 'Please send the request body as JSON',
  crossSiteRequest: 'Cross-site requests are not allowed',
  payloadTooLarge: 'The request is too large',
  tooManyRequests: 'Too many requests. Please slow down and try again shortly.',
  /** Every password-hashing slot is taken and the short queue is full (sign-in, registration, password change). */
  hashingBusy: 'The server is busy. Please try again in a moment.',
  forbidden: 'You do not have permission to do that',
  /** Another command changed the same item first, every time this one was tried again. */
  changedMeanwhile: 'This item was changed by someone else. Please try again.',
  /** A socket connection without a valid session (socket.io passes it to the client's connect_error). */
  socketUnauthorized: 'unauthorized',
  /** A session holding more open sockets than a person's tabs need (the handshake's connect_error). */
  tooManySockets: 'Too many open connections for this session. Close a tab and try again.',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  invalidId: (label: string): string => `${label} not found`,
} as const;

// ---- Screens: relative time and small templates -------------------------------------------------------

export const relativeTimeMessages = {
  justNow: 'Just now',
  minutesAgo: (n: number): string => `${n}m ago`,
  hoursAgo: (n: number): string => `${n}h ago`,
  daysAgo: (n: number): string => `${n}d ago`,
} as const;

export const screenMessages = {
  loading: 'Loading...',
  welcomeBack: (firstName: string): string => `Welcome back, ${firstName}!`,
  pageOf: (page: number, totalPages: number): string => `Page ${page} of ${totalPages}`,
  moreSkills: (n: number): string => `+${n} more`,
  noRecommendations: 'No recommendations yet',
  professional: 'Professional',
  company: 'Company',
  searchPlaceholder: 'Search jobs, people, companies...',
  composerPlaceholder: "What's on your mind?",
  tagline: 'Your AI-powered career companion',
} as const;

// ---- Screens: page titles and recovery (not in the spec) ----------------------------------------------

/** Each screen's name in the browser tab, before the brand: "Feed | JobConnect". */
export const pageTitles = {
  signIn: 'Sign in',
  register: 'Create account',
  dashboard: 'Dashboard',
  jobs: 'Jobs',
  jobDetails: 'Job details',
  postJob: 'Post a Job',
  applications: 'My Applications',
  feed: 'Feed',
  profile: 'Profile',
  connections: 'Connections',
  settings: 'Settings',
  postedJobs: 'My Posted Jobs',
  applicants: 'Applicants',
  person: 'Profile of a person',
  search: 'Search',
  company: 'Company',
  unsubscribe: 'Unsubscribe',
} as const;

/** Beyond the spec: a person's profile page (/people/{id}). */
export const personMessages = {
  connections: (count: number) => (count === 1 ? '1 connection' : `${count} connections`),
  mutualConnections: (names: readonly string[], count: number) => {
    const more = count - names.length;
    return `Mutual connections: ${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
  },
  noMutualConnections: 'No mutual connections',
  noBio: 'No bio yet',
  pending: 'Pending',
  connected: 'Connected',
  wantsToConnect: 'Wants to connect with you',
  yourProfile: 'This is you. Edit your profile',
  loadFailed: 'Failed to load this profile',
  contact: 'Contact',
  posts: 'Posts',
  noPosts: 'No posts to show yet',
  morePosts: 'Show more posts',
} as const;

/** Beyond the spec: the top bar's typeahead, the search page (/search?q=) and company pages. */
export const searchMessages = {
  typeaheadLabel: 'Suggestions',
  people: 'People',
  companies: 'Companies',
  jobs: 'Jobs',
  seeAllResults: (q: string) => `See all results for "${q}"`,
  seeAllJobs: (total: number) => (total === 1 ? 'See the 1 job' : `See all ${total} jobs`),
  resultsFor: (q: string) => `Results for "${q}"`,
  noResults: (q: string) => `Nothing found for "${q}"`,
  noResultsHint: 'Try fewer words, or the start of a name.',
  typeSomething: 'Type a name, a company, a job title or a skill in the search box.',
  noPeople: 'No people match',
  noCompanies: 'No companies match',
  noJobs: 'No jobs match',
  loadFailed: 'Search failed. Please try again.',
  /** Read by screen readers as the typeahead's options change. */
  suggestionsCount: (n: number) =>
    n === 0 ? 'No suggestions' : n === 1 ? '1 suggestion' : `${n} suggestions`,
} as const;

export const companyMessages = {
  companyNotFound: 'Company not found',
  companyNotFoundDetail: 'No job names this company. It may have been spelled another way.',
  openJobs: (n: number) => (n === 1 ? '1 open job' : `${n} open jobs`),
  noOpenJobs: 'No open jobs right now',
  website: 'Website',
  industry: 'Industry',
  size: 'Size',
  employees: (size: string) => `${size} employees`,
  loadFailed: 'Failed to load this company',
} as const;

/** "{page} | {brand}", the document title of every screen. */
export function documentTitle(page: string, brand: string): string {
  return `${page} | ${brand}`;
}

/** Beyond the spec: leaving Post a Job, Edit Profile or a cover letter with something typed in it. */
export const unsavedChangesMessages = {
  leavePage: 'You have unsaved changes. Leave this page?',
} as const;

/** A screen that failed to render, and a list that failed to load. */
export const recoveryMessages = {
  screenFailed: 'Something went wrong on this page',
  screenFailedDetail:
    'This page could not be shown. Try again, or go back to your dashboard and carry on from there.',
  /** Beyond the spec: the screen's code or data could not be fetched because the browser is offline. */
  screenFailedOffline:
    "You're offline, so this page could not be loaded. It loads again once you're back online.",
  appFailed: 'Something went wrong',
  tryAgain: 'Try again',
  tryingAgain: 'Trying again...',
  backToDashboard: 'Go to the dashboard',
} as const;

// ---- Notifications (beyond the spec) -----------------------------------------------------------------

function personName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

/** "Ada Lovelace", "Ada Lovelace and Bob Babbage", "Ada Lovelace and 4 others". */
export function peopleText(
  actors: readonly { firstName: string; lastName: string }[],
  actorCount: number,
): string {
  const first = actors[0] ? personName(actors[0]) : 'Someone';
  if (actorCount <= 1) return first;
  if (actorCount === 2 && actors[1]) return `${first} and ${personName(actors[1])}`;
  const others = actorCount - 1;
  return `${first} and ${others} other${others === 1 ? '' : 's'}`;
}

export const notificationMessages = {
  bellLabel: (unread: number): string => (unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`),
  panelTitle: 'Notifications',
  empty: "You're all caught up",
  markAllRead: 'Mark all as read',
  markRead: 'Mark as read',
  loadMore: 'Load more',
  fetchFailed: 'Failed to fetch notifications',
  markFailed: 'Failed to mark notifications as read',
  marked: 'Notifications marked as read',
  idInvalid: 'Invalid notification id',
  nothingToMark: 'Name at least one notification to mark as read',
  tooManyToMark: `At most ${MAX_NOTIFICATIONS_MARKED_AT_ONCE} notifications can be marked at once`,
  markReadInvalid: 'Send notificationIds (a list of ids) or all: true',
  /** The line each kind shows; `who` is `peopleText(actors, actorCount)`. */
  text: {
    connection_request: (who: string): string => `${who} wants to connect with you`,
    connection_accepted: (who: string): string => `${who} accepted your connection request`,
    new_application: (who: string, jobTitle: string): string => `${who} applied to ${jobTitle}`,
    application_status: (jobTitle: string, status: string): string =>
      `Your application for ${jobTitle} is now ${status}`,
    post_comment: (who: string, excerpt: string): string => `${who} commented on your post: "${excerpt}"`,
    post_likes: (who: string): string => `${who} liked your post`,
    job_alert: (jobTitle: string, company: string): string =>
      `New job that fits you: ${jobTitle} at ${company}`,
  },
} as const;

/** The mail (beyond the spec): subjects, buttons and footers; each line is the bell's (notification-text.ts). */
export const mailMessages = {
  productName: 'JobConnect',
  /** A mail of one notification has its line as subject; of several, these. */
  subjects: {
    connections: (n: number): string => `${n} new updates about your connections`,
    applications: (n: number): string => `${n} new updates about applications`,
    messages: (n: number): string => `Unread messages in ${n} conversations`,
    job_alerts: (n: number): string => `${n} new jobs that fit you`,
  },
  headings: {
    connections: 'Your network',
    applications: 'Applications',
    messages: 'Messages waiting for you',
    job_alerts: 'Jobs that fit you',
  },
  open: 'Open',
  openAll: {
    connections: 'See your connections',
    applications: 'Open JobConnect',
    messages: 'Open your messages',
    job_alerts: 'See all jobs',
  },
  greeting: (firstName: string): string => (firstName ? `Hi ${firstName},` : 'Hi,'),
  why: (setting: string): string =>
    setting === 'Email notifications'
      ? 'You get this email because “Email notifications” is on in your settings.'
      : `You get this email because “${setting}” and “Email notifications” are on in your settings.`,
  unsubscribe: 'Unsubscribe from these emails',
  manage: 'Notification settings',
  /** The unsubscribe page (/unsubscribe/:token). */
  page: {
    title: 'Unsubscribe',
    question: (setting: string): string => `Stop emails for “${setting}”?`,
    explain: (setting: string): string =>
      `This turns “${setting}” off in your notification settings. You can turn it on again in Settings.`,
    confirm: 'Unsubscribe',
    working: 'Unsubscribing…',
    done: (setting: string): string => `Done: “${setting}” is now off. You will get no more of these emails.`,
    invalid: 'This unsubscribe link is not valid. Sign in and change your notification settings instead.',
    failed: 'Could not unsubscribe. Please try again.',
    settings: 'Go to notification settings',
  },
  /** Settings > Notifications: how job alerts are mailed. */
  preferences: {
    legend: 'Job alert emails',
    instant: 'As they come',
    daily: 'Daily digest, at 8:00 in your time zone',
    saved: 'Job alert emails updated',
    saveFailed: 'Failed to update job alert emails',
    loadFailed: 'Failed to load your job alert email choice',
    invalid: "Choose 'instant' or 'daily' for job alert emails",
  },
  /** The command's answers. */
  unsubscribed: 'Unsubscribed',
  tokenInvalid: 'This unsubscribe link is not valid',
} as const;
