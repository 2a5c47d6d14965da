import type { Application } from '@careers/contracts/entities/application';
import type { Job } from '@careers/contracts/entities/job';
import type { ApplicationResumeUpload } from '@careers/contracts/entities/uploaded-files';
import { applyMessages, hiringMessages, jobScreenMessages } from '@careers/contracts/messages';
import { ApplicationData } from '@careers/contracts/requests/apply-to-job';
import { earliestCurrentDate } from '@careers/contracts/requests/create-job';
import { parseInput } from '@careers/contracts/validation';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { InputField, TextAreaField } from '../../../components/input-field';
import { useIntents } from '../../../lib/intent';
import { useSignedInUser } from '../../../lib/use-signed-in-user';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { useApplyToJob } from '../api/apply-to-job';
import { refusalMessage } from './refusal';
import { defaultResumeOption, ResumeChoice, type ResumeOption, resumeChoiceBody } from './resume-choice';
import { StatusBadge } from './status-badge';

const emptyForm = { coverLetter: '', expectedSalary: '' };
type ApplyField = keyof typeof emptyForm | 'resume';

/**
 * The server's rule (applications/decide.ts): a deadline has passed once it is before the earliest
 * "today" on Earth, so nobody whose day has not ended is turned away.
 */
function deadlinePassed(job: Job, now: Date): boolean {
  return job.applicationDeadline !== null && job.applicationDeadline < earliestCurrentDate(now);
}

interface ApplySectionProps {
  job: Job;
  /** The viewer's application to this job, when they have one. */
  application: Application | undefined;
  now: Date;
}

/**
 * Spec, Job detail: Apply Now reveals Cover Letter (required; Submit stays disabled while it is blank)
 * and Expected Salary (optional, parsed as an integer: a fraction is cut off), with Submit Application
 * and Cancel. A successful submit collapses and clears the form and says "Application submitted
 * successfully!"; a refusal (already applied, closed, deadline passed, one's own job) is shown in the
 * server's words, any other failure as the spec's "Failed to submit application. Please try again.".
 * A closed job, a passed deadline or an application already made take the place of the button.
 *
 * Beyond the spec: the resume to send is chosen in the panel (`ResumeChoice`), the profile resume by
 * default when there is one, else none.
 */
export function ApplySection({ job, application, now }: ApplySectionProps) {
  const apply = useApplyToJob(job._id);
  const intents = useIntents();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(emptyForm);
  const [errors, setErrors] = useState<Partial<Record<ApplyField, string>>>({});
  const profileResume = useSignedInUser()?.resume ?? null;
  const [chosenResume, setResumeOption] = useState<ResumeOption>(() => defaultResumeOption(profileResume));
  // A profile resume removed meanwhile (another tab) cannot be chosen: none goes, as the server would.
  const resumeOption = chosenResume === 'profile' && !profileResume ? 'none' : chosenResume;
  const [uploaded, setUploaded] = useState<ApplicationResumeUpload | null>(null);
  const coverLetter = useRef<HTMLTextAreaElement>(null);
  const applyButton = useRef<HTMLButtonElement>(null);
  const success = useRef<HTMLParagraphElement>(null);
  const blank = values.coverLetter.trim() === '';
  // A letter or salary typed and not sent is lost on leaving: ask first. Sent or cancelled, it is gone.
  useUnsavedChanges(open && (!blank || values.expectedSalary.trim() !== ''));

  useEffect(() => {
    if (open) coverLetter.current?.focus();
  }, [open]);

  function edit(name: ApplyField, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _cleared, ...rest }) => rest);
    if (apply.isError) apply.reset();
  }

  function chooseResume(option: ResumeOption) {
    setResumeOption(option);
    setErrors(({ resume: _cleared, ...rest }) => rest);
    if (apply.isError) apply.reset();
  }

  function resumeUploaded(upload: ApplicationResumeUpload) {
    setUploaded(upload);
    chooseResume('upload');
  }

  /** The form as new: the resume choice back to its default, any upload forgotten. */
  function clear() {
    setValues(emptyForm);
    setErrors({});
    setResumeOption(defaultResumeOption(profileResume));
    setUploaded(null);
  }

  function close() {
    setOpen(false);
    clear();
    apply.reset();
    // The button comes back on the next render; focus it there rather than losing focus to the page.
    requestAnimationFrame(() => applyButton.current?.focus());
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (blank || intents.isRunning('apply')) return;
    const resume = resumeChoiceBody(resumeOption, uploaded);
    const outcome = parseInput(ApplicationData, { ...values, resume: resume ?? 'none' });
    if (!outcome.success || resume === null) {
      const fieldErrors: Partial<Record<ApplyField, string>> = outcome.success ? {} : outcome.fieldErrors;
      if (resume === null) fieldErrors.resume = applyMessages.resumeUploadRequired;
      setErrors(fieldErrors);
      const [first] = Object.keys(fieldErrors);
      const form = event.currentTarget;
      const element =
        first === 'resume'
          ? form.querySelector('.resume-upload input')
          : first
            ? form.elements.namedItem(first)
            : null;
      if (element instanceof HTMLElement) element.focus();
      return;
    }
    // One application per intent (lib/intent.ts): a double click sends once.
    const key = intents.begin('apply', outcome.data);
    if (key === null) return;
    apply.mutate(
      { data: outcome.data, key },
      {
        onSettled: (_application, error) => intents.end('apply', !error),
        onSuccess: () => {
          setOpen(false);
          clear();
          requestAnimationFrame(() => success.current?.focus());
        },
      },
    );
  }

  let body: ReactNode;
  if (application) {
    body = (
      <div className="apply-notice">
        <p>{applyMessages.alreadyApplied}</p>
        <p className="apply-status">
          {jobScreenMessages.appliedStatus}: <StatusBadge status={application.status} />
        </p>
        <Link to="/jobs/applications">{jobScreenMessages.viewMyApplications}</Link>
      </div>
    );
  } else if (job.status === 'closed') {
    body = <p className="apply-notice">{hiringMessages.jobClosed}</p>;
  } else if (deadlinePassed(job, now)) {
    body = <p className="apply-notice">{applyMessages.deadlinePassed}</p>;
  } else if (!open) {
    body = (
      <button
        ref={applyButton}
        type="button"
        className="button button-block"
        onClick={() => {
          // The profile resume as it is now (uploaded or removed since the page opened).
          setResumeOption(defaultResumeOption(profileResume));
          setOpen(true);
        }}
      >
        {jobScreenMessages.applyNow}
      </button>
    );
  } else {
    body = (
      <form className="form apply-form" onSubmit={submit} noValidate>
        <TextAreaField
          name="coverLetter"
          label={jobScreenMessages.coverLetter}
          required
          rows={6}
          inputRef={coverLetter}
          value={values.coverLetter}
          error={errors.coverLetter}
          onChange={(value) => edit('coverLetter', value)}
        />
        <InputField
          name="expectedSalary"
          label={jobScreenMessages.expectedSalary}
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          hint={jobScreenMessages.optional}
          value={values.expectedSalary}
          error={errors.expectedSalary}
          onChange={(value) => edit('expectedSalary', value)}
        />
        <ResumeChoice
          profileResume={profileResume}
          option={resumeOption}
          onOption={chooseResume}
          uploaded={uploaded}
          onUploaded={resumeUploaded}
          error={errors.resume}
        />
        {apply.isError ? (
          <p className="banner banner-error" role="alert">
            {refusalMessage(apply.error, applyMessages.submitFailed)}
          </p>
        ) : null}
        <div className="apply-actions">
          <button
            type="submit"
            className="button"
            disabled={blank}
            aria-disabled={apply.isPending || undefined}
          >
            {apply.isPending ? jobScreenMessages.submitting : jobScreenMessages.submitApplication}
          </button>
          <button type="button" className="button button-ghost" onClick={close}>
            {jobScreenMessages.cancel}
          </button>
        </div>
      </form>
    );
  }

  return (
    <section className="card job-side-card apply-section" aria-label={jobScreenMessages.applyNow}>
      {/* Present from the start, so screen readers announce the success when it lands. */}
      <div role="status" className="form-status">
        {apply.isSuccess ? (
          <p className="banner banner-success" ref={success} tabIndex={-1}>
            {applyMessages.submitted}
          </p>
        ) : null}
      </div>
      {body}
    </section>
  );
}
