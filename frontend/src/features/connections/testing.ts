import { Connection } from '@careers/contracts/entities/connection';
import { SuggestedConnection } from '@careers/contracts/entities/suggested-connection';
import { type FetchHandler, jsonReply } from '../../testing/fake-api';
import { minutesAgo } from '../../testing/posts';

/** Test fixtures of the connections screen, each checked against its contract. */

export function aConnection(
  user: Partial<Connection['user']> = {},
  fields: Partial<Omit<Connection, 'user'>> = {},
): Connection {
  return Connection.parse({
    _id: crypto.randomUUID(),
    status: 'accepted',
    createdAt: minutesAgo(60 * 24 * 3),
    ...fields,
    user: {
      _id: crypto.randomUUID(),
      firstName: 'Grace',
      lastName: 'Hopper',
      profilePicture: null,
      bio: 'Wrote the first compiler.',
      location: { city: 'Arlington', state: 'VA', country: 'USA' },
      ...user,
    },
  });
}

/** A suggestion; its reason is its mutual connections when it has some and none is given. */
export function aSuggestion(fields: Partial<SuggestedConnection> = {}): SuggestedConnection {
  const mutuals = fields.mutualConnections ?? 0;
  return SuggestedConnection.parse({
    _id: crypto.randomUUID(),
    firstName: 'Alan',
    lastName: 'Turing',
    profilePicture: null,
    bio: 'Computable numbers.',
    skills: [],
    mutualConnections: mutuals,
    jobTitle: '',
    location: { city: '', state: '', country: '' },
    reason: mutuals > 0 ? { kind: 'mutual', count: mutuals } : null,
    ...fields,
  });
}

/** What the four lists answer now; a test changes them between calls, as the server's state would. */
export interface ConnectionLists {
  connections: Connection[];
  pending: Connection[];
  sent: Connection[];
  suggested: SuggestedConnection[];
}

const path = (url: string) => new URL(url, 'http://app').pathname;

/**
 * GETs answer from `lists` (the connections list as one page, whatever its query: the server filters,
 * and a test reads the query it was sent); commands answer with the server's words. `others` may
 * answer first (a failure, a delay); returning undefined leaves the call to the defaults.
 */
export function connectionsApi(
  lists: ConnectionLists,
  others?: (method: string, url: string) => Response | Promise<Response> | undefined,
): FetchHandler {
  return (method, url, init) => {
    const special = others?.(method, url);
    if (special) return special;
    const at = path(url);
    if (method === 'GET') {
      if (at === '/api/users/connections') {
        return jsonReply(200, {
          data: lists.connections,
          pagination: {
            currentPage: 1,
            totalPages: 1,
            totalConnections: lists.connections.length,
            hasNext: false,
            hasPrev: false,
          },
        });
      }
      if (at === '/api/users/connections/pending') return jsonReply(200, { data: lists.pending });
      if (at === '/api/users/connections/sent') return jsonReply(200, { data: lists.sent });
      if (at === '/api/users/suggested-connections') return jsonReply(200, { data: lists.suggested });
    }
    const connect = at.match(/^\/api\/users\/([^/]+)\/connect$/);
    if (method === 'POST' && connect) {
      return jsonReply(201, {
        message: 'Connection request sent',
        data: { _id: crypto.randomUUID(), status: 'pending' },
      });
    }
    const respond = at.match(/^\/api\/users\/connections\/([^/]+)$/);
    if (method === 'PUT' && respond) {
      const { status } = JSON.parse(String(init?.body)) as { status: 'accepted' | 'rejected' };
      return jsonReply(200, {
        message: status === 'accepted' ? 'Connection request accepted' : 'Connection request declined',
        data: { _id: respond[1], status },
      });
    }
    if (method === 'DELETE' && at.startsWith('/api/users/connections/sent/')) {
      return jsonReply(200, { message: 'Connection request withdrawn' });
    }
    if (method === 'DELETE' && respond) return jsonReply(200, { message: 'Connection removed' });
    return jsonReply(404, { message: 'Not found' });
  };
}
