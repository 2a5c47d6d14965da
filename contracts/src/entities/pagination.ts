import { z } from 'zod';
import { paginationDefaults } from '../constants.ts';

const pageCount = z.number().int().min(1);
const total = z.number().int().nonnegative();

/** Where a list page sits; every list response adds its own total (jobs, posts or connections). */
export const Pagination = z.object({
  currentPage: pageCount,
  totalPages: pageCount,
  hasNext: z.boolean(),
  hasPrev: z.boolean(),
});
export type Pagination = z.infer<typeof Pagination>;

/**
 * How deep a job list pages: the search engine serves no page that starts past its first 10,000
 * matches (its window, as Elasticsearch's `max_result_window`), so the pages offered end there. The
 * count of matches stays exact.
 */
export const JOB_LIST_WINDOW = 10_000;

export const JobsPagination = Pagination.extend({ totalJobs: total });
export type JobsPagination = z.infer<typeof JobsPagination>;

export const PostsPagination = Pagination.extend({ totalPosts: total });
export type PostsPagination = z.infer<typeof PostsPagination>;

export const ConnectionsPagination = Pagination.extend({ totalConnections: total });
export type ConnectionsPagination = z.infer<typeof ConnectionsPagination>;

/**
 * The page fields for `total` items shown `limit` at a time. An empty list is page 1 of 1 (the spec's
 * defaults); a page past the end keeps its number and has no next page.
 */
export function pageInfo(input: { page: number; limit: number; total: number }): Pagination {
  const totalPages = Math.max(paginationDefaults.totalPages, Math.ceil(input.total / input.limit));
  return {
    currentPage: input.page,
    totalPages,
    hasNext: input.page < totalPages,
    hasPrev: input.page > 1,
  };
}

/**
 * A job list's page fields: `total` matches, exact, paged `limit` at a time up to JOB_LIST_WINDOW
 * (`window`), so the last page offered is one the search engine serves.
 */
export function jobsPageInfo(
  input: { page: number; limit: number; total: number },
  window = JOB_LIST_WINDOW,
): JobsPagination {
  return { ...pageInfo({ ...input, total: Math.min(input.total, window) }), totalJobs: input.total };
}
