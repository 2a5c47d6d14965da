import { z } from 'zod';
import {
  connectionFilterStatuses,
  connectionSortDefaults,
  connectionSortFields,
  sortOrders,
} from '../constants.ts';
import { connectionMessages } from '../messages.ts';
import { LimitParam, optionalParam, PageParam, SearchParam } from './query-fields.ts';

/** `GET /users/connections` filters: search by first or last name, status, sort (default name asc). */
export const ConnectionListQuery = z.object({
  search: SearchParam,
  status: optionalParam(z.enum(connectionFilterStatuses, { error: connectionMessages.statusFilterInvalid })),
  sortBy: optionalParam(z.enum(connectionSortFields, { error: connectionMessages.sortByInvalid })).transform(
    (sortBy) => sortBy ?? connectionSortDefaults.sortBy,
  ),
  sortOrder: optionalParam(z.enum(sortOrders, { error: connectionMessages.sortOrderInvalid })).transform(
    (sortOrder) => sortOrder ?? connectionSortDefaults.sortOrder,
  ),
  page: PageParam,
  limit: LimitParam,
});
export type ConnectionListQuery = z.infer<typeof ConnectionListQuery>;
