import { jobScreenMessages } from '@careers/contracts/messages';
import {
  type CreateJobRequest,
  createJobRequestSchema,
  localDate,
} from '@careers/contracts/requests/create-job';
import { parseInput } from '@careers/contracts/validation';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { InputField, TextAreaField } from '../../../components/input-field';
import { SelectField } from '../../../components/select-field';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { basicChoices, type JobFormValues, jobFormText, type ListName, sizeOptions } from './post-job-form';
import { SkillsSection } from './skills-section';

/** Messages by field path ('title', 'company.name', 'salary.min', 'requirements.0'). */
type FieldErrors = Record<string, string>;

interface JobFormOptions {
  /** The salary's currency: the default on Post a Job, the job's own on Edit Job. */
  currency: string;
  /** A field was edited: the last refusal no longer applies to what is on screen. */
  onEdit(): void;
}

/**
 * The state of the job form that Post a Job and Edit Job share: its values (starting at `initial`), the
 * messages by their fields, and the unsaved-changes guard while the values differ from `initial`.
 * `validate` checks them with the contracts' `createJobRequestSchema` and the browser's date as today:
 * every message shows by its field and the first wrong field takes the focus; a field's message clears
 * when it is edited. Blank requirements and benefits are dropped; a skill is added only with a name.
 */
export function useJobForm(initial: () => JobFormValues, { currency, onEdit }: JobFormOptions) {
  const [values, setValues] = useState(initial);
  const [initialText] = useState(() => jobFormText(initial()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [focusEntry, setFocusEntry] = useState<string | null>(null);
  const ref = useRef<HTMLFormElement>(null);
  const unsaved = useUnsavedChanges(jobFormText(values) !== initialText);
  const today = localDate(new Date());

  // A new list entry takes the focus once it is on screen.
  useEffect(() => {
    if (focusEntry === null) return;
    const element = ref.current?.elements.namedItem(focusEntry);
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
    onEdit();
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

  /** The job to send, or null after showing why not (the first wrong field then has the focus). */
  function validate(): CreateJobRequest | null {
    const outcome = parseInput(createJobRequestSchema(today), {
      ...values,
      salary: { ...values.salary, currency },
    });
    if (!outcome.success) {
      setErrors(outcome.fieldErrors);
      const [first] = Object.keys(outcome.fieldErrors);
      const element = first === undefined ? null : ref.current?.elements.namedItem(first);
      if (element instanceof HTMLElement) element.focus();
      return null;
    }
    setErrors({});
    return outcome.data;
  }

  return {
    ref,
    values,
    errors,
    today,
    currency,
    set,
    setPart,
    setEntry,
    addEntry,
    removeEntry,
    validate,
    /** Lets the app leave without asking: the form has just been sent and saved. */
    release: unsaved.release,
  };
}

export type JobForm = ReturnType<typeof useJobForm>;

function FormSection({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="card form-section">
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}

interface JobFormViewProps {
  form: JobForm;
  onSubmit(): void;
  /** Under the fields, above the buttons: the refusal of the last try, when there is one. */
  failure: ReactNode;
  /** The submit button and whatever stands beside it. */
  actions: ReactNode;
}

/**
 * Spec, Post a Job: the job form's eight sections (Basic Information to Application Deadline), as Post
 * a Job and Edit Job show them. The contracts' schema checks the fields (`form.validate`), so the
 * browser's own bubbles stay out of the way.
 */
export function JobFormView({ form, onSubmit, failure, actions }: JobFormViewProps) {
  const { values, errors } = form;
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
          onChange={(value) => form.setEntry(list, index, value)}
        />
        {/* Spec: an entry can be removed only while there is more than one. */}
        {values[list].length > 1 ? (
          <button
            type="button"
            className="button button-ghost"
            aria-label={removeLabel(index + 1)}
            onClick={() => form.removeEntry(list, index)}
          >
            {jobScreenMessages.remove}
          </button>
        ) : null}
      </div>
    ));
  }

  return (
    <form
      className="post-job-form"
      ref={form.ref}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
    >
      <FormSection legend={jobScreenMessages.basicInformation}>
        <InputField
          name="title"
          label={jobScreenMessages.jobTitle}
          required
          value={values.title}
          error={errors.title}
          onChange={(value) => form.set('title', value)}
        />
        <TextAreaField
          name="description"
          label={jobScreenMessages.jobDescription}
          required
          rows={6}
          value={values.description}
          error={errors.description}
          onChange={(value) => form.set('description', value)}
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
              onChange={(value) => form.set(choice.name, value)}
            />
          ))}
        </div>
      </FormSection>

      <FormSection legend={jobScreenMessages.requirements}>
        {entries('requirements', jobScreenMessages.requirement, jobScreenMessages.removeRequirement)}
        <button
          type="button"
          className="button button-ghost add-entry"
          onClick={() => form.addEntry('requirements')}
        >
          {jobScreenMessages.addRequirement}
        </button>
      </FormSection>

      <FormSection legend={jobScreenMessages.requiredSkills}>
        <SkillsSection
          skills={values.skills}
          error={errors.skills}
          onChange={(skills) => form.set('skills', skills)}
        />
      </FormSection>

      <FormSection legend={jobScreenMessages.benefitsAndPerks}>
        {entries('benefits', jobScreenMessages.benefit, jobScreenMessages.removeBenefit)}
        <button
          type="button"
          className="button button-ghost add-entry"
          onClick={() => form.addEntry('benefits')}
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
          onChange={(value) => form.setPart('company', 'name', value)}
        />
        <div className="form-row">
          <InputField
            name="company.industry"
            label={jobScreenMessages.industry}
            value={values.company.industry}
            error={errors['company.industry']}
            onChange={(value) => form.setPart('company', 'industry', value)}
          />
          <SelectField
            name="company.size"
            label={jobScreenMessages.companySize}
            options={sizeOptions}
            value={values.company.size}
            error={errors['company.size']}
            onChange={(value) => form.setPart('company', 'size', value)}
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
          onChange={(value) => form.setPart('company', 'website', value)}
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
            onChange={(value) => form.setPart('location', 'city', value)}
          />
          <InputField
            name="location.state"
            label={jobScreenMessages.state}
            value={values.location.state}
            error={errors['location.state']}
            onChange={(value) => form.setPart('location', 'state', value)}
          />
          <InputField
            name="location.country"
            label={jobScreenMessages.country}
            value={values.location.country}
            error={errors['location.country']}
            onChange={(value) => form.setPart('location', 'country', value)}
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
            hint={jobScreenMessages.salaryCurrencyNote(form.currency)}
            value={values.salary.min}
            error={salaryMinError}
            onChange={(value) => form.setPart('salary', 'min', value)}
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
            onChange={(value) => form.setPart('salary', 'max', value)}
          />
        </div>
      </FormSection>

      <FormSection legend={jobScreenMessages.applicationDeadlineSection}>
        <InputField
          name="applicationDeadline"
          label={jobScreenMessages.applicationDeadline}
          type="date"
          min={form.today}
          hint={jobScreenMessages.deadlineHint}
          value={values.applicationDeadline}
          error={errors.applicationDeadline}
          onChange={(value) => form.set('applicationDeadline', value)}
        />
      </FormSection>

      {failure}
      {actions}
    </form>
  );
}
