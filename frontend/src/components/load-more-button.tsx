import { screenMessages } from '@careers/contracts/messages';

/** What a paged list hands its "Load more" button: react-query's infinite query. */
interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * A list's next page, shown while there is one: "Loading..." and disabled while it comes. `label`
 * says what comes ("Load more", "Show more posts").
 */
export function LoadMoreButton({ list, label }: { list: PagedList; label: string }) {
  if (!list.hasNextPage) return null;
  return (
    <button
      type="button"
      className="button button-ghost load-more"
      disabled={list.isFetchingNextPage}
      onClick={() => void list.fetchNextPage()}
    >
      {list.isFetchingNextPage ? screenMessages.loading : label}
    </button>
  );
}
