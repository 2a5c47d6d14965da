import { endpoints } from '@careers/contracts/api/endpoints';
import type { PersonProfile } from '@careers/contracts/entities/person-card';
import { personMessages } from '@careers/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** Every person's profile sits under this key (a connection command reads them again). */
export const peopleKey = ['people'] as const;
export const personKey = (id: string) => [...peopleKey, id] as const;

export async function getPerson(id: string, signal?: AbortSignal): Promise<PersonProfile> {
  const reply = await callApi(
    endpoints.getPerson,
    { params: { id } },
    { signal, fallbackMessage: personMessages.loadFailed },
  );
  return reply.data;
}

export const personQueryOptions = (id: string) =>
  queryOptions({ queryKey: personKey(id), queryFn: ({ signal }) => getPerson(id, signal) });

export function usePerson(id: string) {
  return useQuery(personQueryOptions(id));
}
