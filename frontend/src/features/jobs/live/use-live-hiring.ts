import {
  ApplicationUpdatedPayload,
  JobApplicationsChangedPayload,
  serverEvents,
} from '@careers/contracts/sockets';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient } from '../../../lib/api-client';
import { getSocket } from '../../../lib/socket';
import { jobQueryKey } from '../api/get-job';
import { jobApplicantsQueryKey } from '../api/get-job-applicants';
import { myApplicationsQueryKey } from '../api/get-my-applications';
import { myPostedJobsQueryKey } from '../api/get-my-posted-jobs';
import { setApplicationStatus } from '../api/job-cache';

/**
 * The applicant's side (application:updated, sent to the applicant's own room): the new status goes
 * straight into the cached list, so the badge and the statistics change without a request. An
 * application the list does not hold yet is read again, waiting for the push's version.
 */
export function useLiveApplications(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = getSocket();
    const onApplicationUpdated = (raw: unknown) => {
      const parsed = ApplicationUpdatedPayload.safeParse(raw);
      if (!parsed.success) return;
      if (setApplicationStatus(queryClient, parsed.data)) return;
      apiClient.rememberConsistencyToken(parsed.data.consistencyToken);
      void queryClient.invalidateQueries({ queryKey: myApplicationsQueryKey });
    };
    socket.on(serverEvents.applicationUpdated, onApplicationUpdated);
    return () => {
      socket.off(serverEvents.applicationUpdated, onApplicationUpdated);
    };
  }, [queryClient]);
}

/**
 * The poster's side (job:applications-changed, sent to the poster's room): an application arrived,
 * moved or was withdrawn. The push is a note, so the applicants, the counts and the job's "{n} applied"
 * are read again through the normal GETs, carrying its consistency token so they show the change.
 */
export function useLiveJobApplications(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = getSocket();
    const onJobApplicationsChanged = (raw: unknown) => {
      const parsed = JobApplicationsChangedPayload.safeParse(raw);
      if (!parsed.success) return;
      const { jobId, consistencyToken } = parsed.data;
      apiClient.rememberConsistencyToken(consistencyToken);
      void queryClient.invalidateQueries({ queryKey: jobApplicantsQueryKey(jobId) });
      void queryClient.invalidateQueries({ queryKey: jobQueryKey(jobId) });
      void queryClient.invalidateQueries({ queryKey: myPostedJobsQueryKey });
    };
    socket.on(serverEvents.jobApplicationsChanged, onJobApplicationsChanged);
    return () => {
      socket.off(serverEvents.jobApplicationsChanged, onJobApplicationsChanged);
    };
  }, [queryClient]);
}
