import type { MutationStatus } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { FormStatus } from '../../../components/form-status';

interface SettingsFormProps {
  title: string;
  status: MutationStatus;
  /** What the tab says after a save: the spec's fixed texts, whatever the server answered. */
  outcome: { success: string; failure: string };
  submitText: { idle: string; pending: string };
  onSubmit(form: HTMLFormElement): void;
  children: ReactNode;
}

/** One settings tab: its title, the outcome of the last save, the fields and the submit button. */
export function SettingsForm({ title, status, outcome, submitText, onSubmit, children }: SettingsFormProps) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(event.currentTarget);
  }

  const pending = status === 'pending';
  return (
    <div className="settings-section">
      <h2 className="section-title">{title}</h2>
      <FormStatus status={status} success={outcome.success} failure={outcome.failure} />
      {/* The contracts' schemas check the fields, so the browser's own bubbles stay out of the way. */}
      <form className="form" onSubmit={submit} noValidate>
        {children}
        <div className="form-actions">
          <button type="submit" className="button" disabled={pending}>
            {pending ? submitText.pending : submitText.idle}
          </button>
        </div>
      </form>
    </div>
  );
}

/** Editing after a save hides its outcome, which spoke of the values as they were. */
export function forgetOutcome(mutation: { status: MutationStatus; reset(): void }): void {
  if (mutation.status === 'success' || mutation.status === 'error') mutation.reset();
}

export const saveText = { idle: 'Save', pending: 'Saving...' } as const;
