import { jobAlertEmailChoices } from '@careers/contracts/mail';
import { mailMessages } from '@careers/contracts/messages';
import { ErrorBanner } from '../../../components/error-banner';
import { errorMessageOf } from '../../../lib/api-client';
import { useMailPreferences, useUpdateMailPreferences } from '../api/mail-preferences';

const text = mailMessages.preferences;

/**
 * How job alerts are mailed (beyond the spec): each as it comes or a daily digest. A choice is saved
 * when made; the six toggles above keep their own Save.
 */
export function JobAlertEmails() {
  const preferences = useMailPreferences();
  const save = useUpdateMailPreferences();
  const chosen = preferences.data?.jobAlertEmails;
  return (
    <fieldset className="job-alert-emails" disabled={chosen === undefined || save.isPending}>
      <legend>{text.legend}</legend>
      {jobAlertEmailChoices.map((choice) => (
        <label key={choice} className="radio-row">
          <input
            type="radio"
            name="jobAlertEmails"
            value={choice}
            checked={chosen === choice}
            onChange={() => save.mutate({ jobAlertEmails: choice })}
          />
          <span>{text[choice]}</span>
        </label>
      ))}
      {/* A live region of its own, not a second status of the tab (the toggles' Save has that). */}
      <div className="form-status" aria-live="polite">
        {save.isSuccess ? <p className="banner banner-success">{text.saved}</p> : null}
      </div>
      <ErrorBanner
        message={
          save.isError
            ? errorMessageOf(save.error, text.saveFailed)
            : preferences.isError
              ? errorMessageOf(preferences.error, text.loadFailed)
              : null
        }
      />
    </fieldset>
  );
}
