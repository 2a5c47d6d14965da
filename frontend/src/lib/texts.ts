/**
 * Spec texts the shell needs. These move to `@careers/contracts` (messages.ts / constants.ts) once
 * that module exists; until then this is their only home in the frontend.
 */
export const brand = {
  name: 'JobConnect',
  tagline: 'Your AI-powered career companion',
} as const;

export const shellTexts = {
  loading: 'Loading...',
  searchPlaceholder: 'Search jobs, people, companies...',
} as const;

/** Spec section 8, "Global handling". */
export const httpErrorMessages = {
  server: 'Server error. Please try again later.',
  notFound: 'Resource not found.',
  network: 'Network error. Please check your connection.',
} as const;

/** Spec section 8, "Fallback messages": used when the response has no message field. */
export const authFallbackMessages = {
  getUser: 'Failed to get user',
} as const;
