import { jobFormDefaults } from '@careers/contracts/constants';
import { errorCardTitles, fallbackMessages, jobScreenMessages } from '@careers/contracts/messages';
import { createJobRequestSchema, localDate } from '@careers/contracts/requests/create-job';
import { parseInput } from '@careers/contracts/validation';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ErrorCard } from '../../../components/error-card';
import { InputField, TextAreaField } from '../../../components/input-field';
import { SelectField } from '../../../components/select-field';
import { errorMessageOf } from '../../../lib/api-client';
import { useIntents } from '../../../lib/intent';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { useCreateJob } from '../api/create-job';
import {
  basicChoices,
  emptyJobForm,
  isJobFormChanged,
  type JobFormValues,
  type ListName,
  sizeOptions,
} from './post-job-form';
import { SkillsSection } from './skills-section';

/** Messages by field path ('title', 'company.name', 'salary.min', 'requirements.0'). */
type FieldErrors = Record<string, string>;

function FormSection({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="card form-section">
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}

/**
 * Spec, Post a Job (/jobs/post), checked on submit with the contracts' `createJobRequestSchema` and the
 * browser's date as today: every message shows by its field, the first wrong field takes the focus,
 * and a field's message clears when it is edited. Blank requirements and benefits are dropped; a skill
 * is added only with a name. The server's refusal shows in an "Error creating job" card whose Try again
 * sends the form again. Once created, the job is first in My Posted Jobs, where the app goes. Leaving
 * a changed form before that (another screen, a reload) asks first.
 */
export function PostJobScreen() {
  const [values, setValues] = useState(emptyJobForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [focusEntry, setFocusEntry] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const create = useCreateJob();
  const intents = useIntents();
  const navigate = useNavigate();
  const unsaved = useUnsavedChanges(isJobFormChanged(values));
  const today = localDate(new Date());

  // A new list entry takes the focus once it is on screen.
  useEffect(() => {
    if (focusEntry === null) return;
    const element = form.current?.elements.namedItem(focusEntry);
    if (element instanceof HTMLElement) element.focus();
    setFocusEntry(null);
  }, [focusEntry]);

  function clear(...paths: string[]) {
    setErrors((current) => {
      if (!paths.some((path) => path in current)) return current;
      const next = { ...current };
      for (const path of paths) delete next[path];
      return next;
    });
    if (create.isError) create.reset();
  }

  function set<K extends keyof JobFormValues>(name: K, value: JobFormValues[K], ...paths: string[]) {
    setValues((current) => ({ ...current, [name]: value }));
    clear(name, ...paths);
  }

  function setPart<K extends 'company' | 'location' | 'salary'>(
    group: K,
    part: keyof JobFormValues[K],
    value: string,
  ) {
    setValues((current) => ({ ...current, [group]: { ...current[group], [part]: value } }));
    clear(`${group}.${String(part)}`, ...(group === 'salary' ? ['salary', 'salary.min', 'salary.max'] : []));
  }

  function setEntry(list: ListName, index: number, value: string) {
    setValues((current) => ({
      ...current,
      [list]: current[list].map((entry, at) => (at === index ? value : entry)),
    }));
    clear(`${list}.${index}`);
  }

  function addEntry(list: ListName) {
    setValues((current) => ({ ...current, [list]: [...current[list], ''] }));
    setFocusEntry(`${list}.${values[list].length}`);
  }

  function removeEntry(list: ListName, index: number) {
    setValues((current) =>
      current[list].length > 1
        ? { ...current, [list]: current[list].filter((_, at) => at !== index) }
        : current,
    );
    // The entries after it move up: their messages no longer point at the right one.
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([path]) => !path.startsWith(`${list}.`))),
    );
    setFocusEntry(`${list}.${Math.max(0, index - 1)}`);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (intents.isRunning('post-job')) return;
    const outcome = parseInput(createJobRequestSchema(today), {
      ...values,
      salary: { ...values.salary, currency: jobFormDefaults.currency },
    });
    if (!outcome.success) {
      setErrors(outcome.fieldErrors);
      const [first] = Object.keys(outcome.fieldErrors);
      const element = first === undefined ? null : event.currentTarget.elements.namedItem(first);
      if (element instanceof HTMLElement) element.focus();
      return;
    }
    setErrors({});
    // One job per intent (lib/intent.ts): a double click posts once.
    const key = intents.begin('post-job', outcome.data);
    if (key === null) return;
    create.mutate(
      { job: outcome.data, key },
      {
        onSettled: (_job, error) => intents.end('post-job', !error),
        onSuccess: () => {
          unsaved.release();
          navigate('/jobs/my/posted');
        },
      },
    );
  }

  const salaryMinError = errors['salary.min'] ?? errors.salary;
  const salaryMaxError = errors['salary.max'] === salaryMinError ? undefined : errors['salary.max'];

  function entries(list: ListName, label: (n: number) => string, removeLabel: (n: number) => string) {
    return values[list].map((entry, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: entries are named by their place ("Requirement 2")
      <div className="list-entry" key={index}>
        <InputField
          name={`${list}.${index}`}
          label={label(index + 1)}
          value={entry}
          error={errors[`${list}.${index}`]}
          onChange={(value) => setEntry(list, index, value)}
        />
        {/* Spec: an entry can be removed only while there is more than one. */}
        {values[list].length > 1 ? (
          <button
            type="button"
            className="button button-ghost"
            aria-label={removeLabel(index + 1)}
            onClick={() => removeEntry(list, index)}
          >
            {jobScreenMessages.remove}
          </button>
        ) : null}
      </div>
    ));
  }

  return (
    <section className="screen post-job-screen">
      <h1 className="screen-title">{jobScreenMessages.postAJob}</h1>
      {/* The contracts' schema checks the fields, so the browser's own bubbles stay out of the way. */}
      <form className="post-job-form" ref={form} onSubmit={submit} noValidate>
        <FormSection legend={jobScreenMessages.basicInformation}>
          <InputField
            name="title"
            label={jobScreenMessages.jobTitle}
            required
            value={values.title}
            error={errors.title}
            onChange={(value) => set('title', value)}
          />
          <TextAreaField
            name="description"
            label={jobScreenMessages.jobDescription}
            required
            rows={6}
            value={values.description}
            error={errors.description}
            onChange={(value) => set('description', value)}
          />
          <div className="form-row">
            {basicChoices.map((choice) => (
              <SelectField<string>
                key={choice.name}
                name={choice.name}
                label={choice.label}
                options={choice.options}
                value={values[choice.name]}
                error={errors[choice.name]}
                onChange={(value) => set(choice.name, value)}
              />
            ))}
          </div>
        </FormSection>

        <FormSection legend={jobScreenMessages.requirements}>
          {entries('requirements', jobScreenMessages.requirement, jobScreenMessages.removeRequirement)}
          <button
            type="button"
            className="button button-ghost add-entry"
            onClick={() => addEntry('requirements')}
          >
            {jobScreenMessages.addRequirement}
          </button>
        </FormSection>

        <FormSection legend={jobScreenMessages.requiredSkills}>
          <SkillsSection
            skills={values.skills}
            error={errors.skills}
            onChange={(skills) => set('skills', skills)}
          />
        </FormSection>

        <FormSection legend={jobScreenMessages.benefitsAndPerks}>
          {entries('benefits', jobScreenMessages.benefit, jobScreenMessages.removeBenefit)}
          <button
            type="button"
            className="button button-ghost add-entry"
            onClick={() => addEntry('benefits')}
          >
            {jobScreenMessages.addBenefit}
          </button>
        </FormSection>

        <FormSection legend={jobScreenMessages.companyInformation}>
          <InputField
            name="company.name"
            label={jobScreenMessages.companyName}
            required
            autoComplete="organization"
            value={values.company.name}
            error={errors['company.name'] ?? errors.company}
            onChange={(value) => setPart('company', 'name', value)}
          />
          <div className="form-row">
            <InputField
              name="company.industry"
              label={jobScreenMessages.industry}
              value={values.company.industry}
              error={errors['company.industry']}
              onChange={(value) => setPart('company', 'industry', value)}
            />
            <SelectField
              name="company.size"
              label={jobScreenMessages.companySize}
              options={sizeOptions}
              value={values.company.size}
              error={errors['company.size']}
              onChange={(value) => setPart('company', 'size', value)}
            />
          </div>
          <InputField
            name="company.website"
            label={jobScreenMessages.website}
            type="url"
            inputMode="url"
            placeholder="https://"
            value={values.company.website}
            error={errors['company.website']}
            onChange={(value) => setPart('company', 'website', value)}
          />
        </FormSection>

        <FormSection legend={jobScreenMessages.location}>
          <div className="form-row-3">
            <InputField
              name="location.city"
              label={jobScreenMessages.city}
              required
              value={values.location.city}
              error={errors['location.city'] ?? errors.location}
              onChange={(value) => setPart('location', 'city', value)}
            />
            <InputField
              name="location.state"
              label={jobScreenMessages.state}
              value={values.location.state}
              error={errors['location.state']}
              onChange={(value) => setPart('location', 'state', value)}
            />
            <InputField
              name="location.country"
              label={jobScreenMessages.country}
              value={values.location.country}
              error={errors['location.country']}
              onChange={(value) => setPart('location', 'country', value)}
            />
          </div>
        </FormSection>

        <FormSection legend={jobScreenMessages.salaryRange}>
          <div className="form-row">
            <InputField
              name="salary.min"
              label={jobScreenMessages.minimumSalary}
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              required
              hint={jobScreenMessages.salaryCurrencyNote(jobFormDefaults.currency)}
              value={values.salary.min}
              error={salaryMinError}
              onChange={(value) => setPart('salary', 'min', value)}
            />
            <InputField
              name="salary.max"
              label={jobScreenMessages.maximumSalary}
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              required
              value={values.salary.max}
              error={salaryMaxError}
              onChange={(value) => setPart('salary', 'max', value)}
            />
          </div>
        </FormSection>

        <FormSection legend={jobScreenMessages.applicationDeadlineSection}>
          <InputField
            name="applicationDeadline"
            label={jobScreenMessages.applicationDeadline}
            type="date"
            min={today}
            hint={jobScreenMessages.deadlineHint}
            value={values.applicationDeadline}
            error={errors.applicationDeadline}
            onChange={(value) => set('applicationDeadline', value)}
          />
        </FormSection>

        {create.isError ? (
          <ErrorCard
            title={errorCardTitles.createJob}
            message={errorMessageOf(create.error, fallbackMessages.createJob)}
            onRetry={() => form.current?.requestSubmit()}
          />
        ) : null}
        <div className="form-actions">
          <button type="submit" className="button" aria-disabled={create.isPending || undefined}>
            {create.isPending ? jobScreenMessages.creatingJob : jobScreenMessages.postJob}
          </button>
        </div>
      </form>
    </section>
  );
}
