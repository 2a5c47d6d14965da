import { documentTitle } from '@careers/contracts/messages';
import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { brandName } from '../lib/brand';

/** What a route of the table may carry: `title` names its screen in the browser tab. */
export interface RouteHandle {
  title?: string;
}

function titleOf(handle: unknown): string | undefined {
  return typeof handle === 'object' && handle !== null ? (handle as RouteHandle).title : undefined;
}

/** Sets the tab's title from the deepest matched route with one: "Feed | JobConnect". */
export function DocumentTitle() {
  const matches = useMatches();
  const page = matches.map((match) => titleOf(match.handle)).findLast((title) => title !== undefined);
  useEffect(() => {
    document.title = page === undefined ? brandName : documentTitle(page, brandName);
  }, [page]);
  return null;
}
