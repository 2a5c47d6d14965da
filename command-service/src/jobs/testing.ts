import { Job } from '@careers/contracts/entities/job';
import type { TestNamespace } from '@careers/service-kit/testing';
import { expect } from 'vitest';
import { commandTestbed } from '../testing.ts';

/** A Post-a-Job form that passes, as the client sends it. */
export const jobForm = {
  title: 'Backend Engineer',
  description: 'Event logs and projections.',
  company: { name: 'Acme', industry: 'Software' },
  location: { city: 'Berlin', country: 'Germany' },
  salary: { min: 70000, max: 90000 },
};

/** The command-service testbed of the job and application route tests, with jobs posted through the real route. */
export function hiringTestbed(ns: TestNamespace) {
  const testbed = commandTestbed(ns);
  return {
    ...testbed,
    async postJob(sid: string, body: Record<string, unknown> = jobForm) {
      const response = await testbed.call('POST', '/api/jobs', sid, body);
      expect(response.statusCode, response.body).toBe(201);
      return Job.parse(response.json().data);
    },
  };
}
