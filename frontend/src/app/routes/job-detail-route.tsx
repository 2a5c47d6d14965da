import { useParams } from 'react-router-dom';
import { useAuth } from '../../features/auth/components/auth-provider';
import { JobDetailScreen } from '../../features/jobs/components/job-detail-screen';

/** Hands the reader's id to the job detail, which tells the job's own poster from an applicant. */
export function JobDetailRoute() {
  const auth = useAuth();
  const { id = '' } = useParams();
  if (auth.status !== 'signed-in') return null;
  // A new job is a new screen: the apply form of the last one does not carry over.
  return <JobDetailScreen key={id} jobId={id} viewerId={auth.user._id} />;
}
