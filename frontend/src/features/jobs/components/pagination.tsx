import type { Pagination as PageInfo } from '@careers/contracts/entities/pagination';
import { jobScreenMessages, screenMessages } from '@careers/contracts/messages';

/** Spec, Jobs list: Previous, "Page X of Y", Next; only when there is more than one page. */
export function Pagination({ pagination, onPage }: { pagination: PageInfo; onPage(page: number): void }) {
  if (pagination.totalPages <= 1) return null;
  const { currentPage, totalPages, hasPrev, hasNext } = pagination;
  return (
    <nav className="pagination" aria-label={jobScreenMessages.pagination}>
      <button
        type="button"
        className="button button-ghost"
        disabled={!hasPrev}
        onClick={() => onPage(currentPage - 1)}
      >
        {jobScreenMessages.previous}
      </button>
      <span className="pagination-page" aria-current="page">
        {screenMessages.pageOf(currentPage, totalPages)}
      </span>
      <button
        type="button"
        className="button button-ghost"
        disabled={!hasNext}
        onClick={() => onPage(currentPage + 1)}
      >
        {jobScreenMessages.next}
      </button>
    </nav>
  );
}
