import { z } from 'zod';
import { PersonCard, PersonProfile } from '../entities/person-card.ts';
import { PeopleSearchQuery } from '../requests/people-search-query.ts';
import { UserIdParams } from '../requests/route-params.ts';
import { defineRoute } from './define-route.ts';
import { dataResponse } from './responses.ts';

// Beyond the spec: finding people (issue "People").
export const peopleRoutes = {
  searchPeople: defineRoute({
    method: 'GET',
    path: '/people',
    service: 'query',
    auth: 'required',
    query: PeopleSearchQuery,
    status: 200,
    response: dataResponse(z.array(PersonCard)),
    summary:
      'People whose name, job title, skills or place match every word of the search (the last as a prefix), best first: names weigh most.',
  }),
  getPerson: defineRoute({
    method: 'GET',
    path: '/people/:id',
    service: 'query',
    auth: 'required',
    params: UserIdParams,
    status: 200,
    response: dataResponse(PersonProfile),
    summary:
      "A person's profile: card, bio, connection count, mutual connections, how the reader stands with them; email and phone for connections only.",
  }),
} as const;
