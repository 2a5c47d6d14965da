import { SHORT_TEXT_MAX_LENGTH, workLocations } from '@careers/contracts/constants';
import type { PreferredLocation } from '@careers/contracts/entities/enums';
import { jobScreenMessages } from '@careers/contracts/messages';
import { useState } from 'react';
import { InputField } from '../../../components/input-field';
import { SelectField } from '../../../components/select-field';
import { AddRow, useAddRow } from './add-row';
import type { ProfileDraft } from './profile-draft';

const locationOptions = workLocations.map((value) => ({ value, label: value }));

type Preferences = Pick<ProfileDraft, 'roles' | 'preferredLocation' | 'salary'>;

interface JobPreferencesEditorProps {
  preferences: Preferences;
  /** The saved salary's currency (USD unless the server says otherwise). */
  currency: string;
  editing: boolean;
  /** Messages by the request's field path ('jobPreferences.salaryRange.max', ...). */
  errors: Record<string, string>;
  onChange(change: Partial<Preferences>, ...clears: string[]): void;
}

/**
 * Spec, Profile: Job Preferences, desired roles (added and removed; only non-blank text, once each),
 * the preferred location (Remote, On-site, Hybrid) and the salary expectation's min and max.
 */
export function JobPreferencesEditor({
  preferences,
  currency,
  editing,
  errors,
  onChange,
}: JobPreferencesEditorProps) {
  const [role, setRole] = useState('');
  const row = useAddRow();
  const roles = preferences.roles;
  const text = role.trim();

  function add() {
    if (text === '') return;
    if (!roles.some((known) => known.toLowerCase() === text.toLowerCase())) {
      onChange({ roles: [...roles, text] }, 'jobPreferences.roles');
    }
    setRole('');
    row.focus();
  }

  function remove(name: string) {
    onChange({ roles: roles.filter((other) => other !== name) }, 'jobPreferences.roles');
    row.focus();
  }

  const rolesError = Object.entries(errors).find(([path]) => path.startsWith('jobPreferences.roles'))?.[1];
  const salaryMinError = errors['jobPreferences.salaryRange.min'] ?? errors['jobPreferences.salaryRange'];

  return (
    <>
      <div className="profile-subsection">
        <h3 className="profile-subtitle">Desired roles</h3>
        {roles.length > 0 ? (
          <ul className="profile-chips" aria-label="Desired roles">
            {roles.map((name) => (
              <li key={name} className="profile-chip">
                <span>{name}</span>
                {editing ? (
                  <button
                    type="button"
                    className="chip-remove"
                    aria-label={`Remove role ${name}`}
                    onClick={() => remove(name)}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">No desired roles added yet</p>
        )}
        {editing ? (
          <AddRow row={row} buttonLabel="Add Role" canAdd={text !== ''} onAdd={add}>
            <InputField
              name="desiredRole"
              label="Desired role"
              maxLength={SHORT_TEXT_MAX_LENGTH}
              value={role}
              onChange={setRole}
            />
          </AddRow>
        ) : null}
        {rolesError ? <p className="form-group-error">{rolesError}</p> : null}
      </div>
      <SelectField<PreferredLocation>
        name="jobPreferences.remoteWork"
        label="Preferred location"
        placeholder="Not specified"
        options={locationOptions}
        value={preferences.preferredLocation}
        error={errors['jobPreferences.remoteWork']}
        disabled={!editing}
        onChange={(value) => onChange({ preferredLocation: value }, 'jobPreferences.remoteWork')}
      />
      <div className="form-row">
        <InputField
          name="jobPreferences.salaryRange.min"
          label="Minimum salary expectation"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          hint={jobScreenMessages.salaryCurrencyNote(currency)}
          disabled={!editing}
          value={preferences.salary.min}
          error={salaryMinError}
          onChange={(min) =>
            onChange(
              { salary: { ...preferences.salary, min } },
              'jobPreferences.salaryRange',
              'jobPreferences.salaryRange.min',
              'jobPreferences.salaryRange.max',
            )
          }
        />
        <InputField
          name="jobPreferences.salaryRange.max"
          label="Maximum salary expectation"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          disabled={!editing}
          value={preferences.salary.max}
          error={errors['jobPreferences.salaryRange.max']}
          onChange={(max) =>
            onChange(
              { salary: { ...preferences.salary, max } },
              'jobPreferences.salaryRange',
              'jobPreferences.salaryRange.min',
              'jobPreferences.salaryRange.max',
            )
          }
        />
      </div>
    </>
  );
}
