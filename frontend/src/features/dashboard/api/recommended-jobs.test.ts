import type { Application } from '@careers/contracts/entities/application';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { addApplication } from '../../jobs/api/job-cache';
import { aJob } from '../../jobs/testing';
import { recommendedJobsKey } from './recommended-jobs';

describe('recommended jobs in the cache', () => {
  it('are a jobs list like the others: an application made elsewhere reaches the job there', () => {
    const queryClient = new QueryClient();
    const job = aJob({ title: 'Frontend' });
    queryClient.setQueryData(recommendedJobsKey, { data: [job] });

    const application = { _id: 'application-1', job: { _id: job._id } } as Application;
    addApplication(queryClient, application);

    const cached = queryClient.getQueryData<{ data: (typeof job)[] }>(recommendedJobsKey);
    expect(cached?.data[0]?.applications).toEqual([...job.applications, {}]);
  });

  it('count an application once, however often its answer arrives', () => {
    const queryClient = new QueryClient();
    const job = aJob({ title: 'Frontend' });
    queryClient.setQueryData(recommendedJobsKey, { data: [job] });
    const application = { _id: 'application-1', job: { _id: job._id } } as Application;
    addApplication(queryClient, application);
    addApplication(queryClient, application);
    const cached = queryClient.getQueryData<{ data: (typeof job)[] }>(recommendedJobsKey);
    expect(cached?.data[0]?.applications).toHaveLength(job.applications.length + 1);
  });
});
