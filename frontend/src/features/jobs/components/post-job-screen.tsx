import { jobFormDefaults } from '@careers/contracts/constants';
import { errorCardTitles, fallbackMessages, jobScreenMessages } from '@careers/contracts/messages';
import { useNavigate } from 'react-router-dom';
import { ErrorCard } from '../../../components/error-card';
import { errorMessageOf } from '../../../lib/api-client';
import { useIntents } from '../../../lib/intent';
import { useCreateJob } from '../api/create-job';
import { JobFormView, useJobForm } from './job-form';
import { emptyJobForm } from './post-job-form';

/**
 * Spec, Post a Job (/jobs/post): the job form (job-form.tsx), checked on submit with the contracts'
 * schema. The server's refusal shows in an "Error creating job" card whose Try again sends the form
 * again. Once created, the job is first in My Posted Jobs, where the app goes. Leaving a changed form
 * before that (another screen, a reload) asks first.
 */
export function PostJobScreen() {
  const create = useCreateJob();
  const intents = useIntents();
  const navigate = useNavigate();
  const form = useJobForm(emptyJobForm, {
    currency: jobFormDefaults.currency,
    onEdit: () => {
      if (create.isError) create.reset();
    },
  });

  function submit() {
    if (intents.isRunning('post-job')) return;
    const job = form.validate();
    if (job === null) return;
    // One job per intent (lib/intent.ts): a double click posts once.
    const key = intents.begin('post-job', job);
    if (key === null) return;
    create.mutate(
      { job, key },
      {
        onSettled: (_job, error) => intents.end('post-job', !error),
        onSuccess: () => {
          form.release();
          navigate('/jobs/my/posted');
        },
      },
    );
  }

  return (
    <section className="screen post-job-screen">
      <h1 className="screen-title">{jobScreenMessages.postAJob}</h1>
      <JobFormView
        form={form}
        onSubmit={submit}
        failure={
          create.isError ? (
            <ErrorCard
              title={errorCardTitles.createJob}
              message={errorMessageOf(create.error, fallbackMessages.createJob)}
              onRetry={() => form.ref.current?.requestSubmit()}
            />
          ) : null
        }
        actions={
          <div className="form-actions">
            <button type="submit" className="button" aria-disabled={create.isPending || undefined}>
              {create.isPending ? jobScreenMessages.creatingJob : jobScreenMessages.postJob}
            </button>
          </div>
        }
      />
    </section>
  );
}
