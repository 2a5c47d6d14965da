import { useParams } from 'react-router-dom';
import { useAuth } from '../../features/auth/components/auth-provider';
import { EditJobScreen } from '../../features/jobs/components/edit-job-screen';

/** Hands the reader's id to Edit Job, which shows the form to the job's own poster only. */
export function EditJobRoute() {
  const auth = useAuth();
  const { id = '' } = useParams();
  if (auth.status !== 'signed-in') return null;
  // Another job is another form: nothing typed for the last one carries over.
  return <EditJobScreen key={id} jobId={id} viewerId={auth.user._id} />;
}
