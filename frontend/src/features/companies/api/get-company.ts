import { endpoints } from '@careers/contracts/api/endpoints';
import type { CompanyPage } from '@careers/contracts/entities/company';
import { companyMessages } from '@careers/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const companyKey = (slug: string) => ['companies', slug] as const;

export async function getCompany(slug: string, signal?: AbortSignal): Promise<CompanyPage> {
  const reply = await callApi(
    endpoints.getCompany,
    { params: { slug } },
    { signal, fallbackMessage: companyMessages.loadFailed },
  );
  return reply.data;
}

export function useCompany(slug: string) {
  return useQuery({ queryKey: companyKey(slug), queryFn: ({ signal }) => getCompany(slug, signal) });
}
