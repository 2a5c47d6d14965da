import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { SESSION_COOKIE } from '@careers/service-kit';
import { testMessages } from '../projectors/testing.ts';
import type { queryAppTestbed } from './testing.ts';

/** What the job route tests share, over the real projectors, Postgres and Redis (`queryAppTestbed`). */

export type JobsBed = Awaited<ReturnType<typeof queryAppTestbed>>;

/** The helpers over the testbed `bed()` gives once it is opened (in `beforeAll`). */
export function jobsFixtures(bed: () => JobsBed) {
  const { event } = testMessages();
  let minute = 0;
  const later = () => new Date(Date.UTC(2026, 2, 1, 9, minute++)).toISOString();
  const signedIn = (firstName: string) => bed().signedIn(firstName);
  const project = (events: EventEnvelope[]) => bed().project(events);

  async function get(who: { sid: string } | null, url: string) {
    const response = await bed().app.inject({
      method: 'GET',
      url,
      headers: who ? { cookie: `${SESSION_COOKIE}=${who.sid}` } : {},
    });
    return { status: response.statusCode, body: response.json() };
  }

  function applied(applicationId: string, jobId: string, applicantId: string, employerId: string) {
    return event('ApplicationSubmitted', applicationId, 1, {
      applicationId,
      jobId,
      applicantId,
      employerId,
      coverLetter: 'Hello',
      expectedSalary: null,
      appliedAt: later(),
    });
  }

  return { event, later, signedIn, project, get, applied };
}
