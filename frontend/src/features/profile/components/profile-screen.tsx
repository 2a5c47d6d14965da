import {
  BIO_MAX_LENGTH,
  DEFAULT_CURRENCY,
  PHONE_MAX_LENGTH,
  PROFILE_JOB_TITLE_MAX_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
} from '@careers/contracts/constants';
import type { User } from '@careers/contracts/entities/user';
import { fallbackMessages, profileMessages } from '@careers/contracts/messages';
import { UpdateProfileRequest } from '@careers/contracts/requests/update-profile';
import { parseInput } from '@careers/contracts/validation';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { InputField, TextAreaField } from '../../../components/input-field';
import { ApiError } from '../../../lib/api-client';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { useResume } from '../api/get-resume';
import { useUpdateProfile } from '../api/update-profile';
import { JobPreferencesEditor } from './job-preferences-editor';
import { draftOf, isDraftChanged, type ProfileDraft, profileRequestOf } from './profile-draft';
import { ProfileNoticeBanners, useProfileNotices } from './profile-notices';
import { ProfilePictureSection } from './profile-picture';
import { ProfileStats } from './profile-stats';
import { ResumeCard } from './resume-card';
import { SkillsEditor } from './skills-editor';

/** Messages by the request's field path ('firstName', 'location.city', 'jobPreferences.roles.2'). */
type FieldErrors = Record<string, string>;

type TextName = 'firstName' | 'lastName' | 'email' | 'phone' | 'jobTitle';
type LocationPart = keyof ProfileDraft['location'];

/** What sets one profile input apart from the others; value, message and editing come from the form. */
interface FieldLook {
  label: string;
  autoComplete: string;
  maxLength?: number;
  type?: 'email' | 'tel';
  inputMode?: 'email' | 'tel';
}

const textFields: Record<TextName, FieldLook> = {
  firstName: { label: 'First name', autoComplete: 'given-name', maxLength: SHORT_TEXT_MAX_LENGTH },
  lastName: { label: 'Last name', autoComplete: 'family-name', maxLength: SHORT_TEXT_MAX_LENGTH },
  email: { label: 'Email', type: 'email', inputMode: 'email', autoComplete: 'email' },
  phone: { label: 'Phone', type: 'tel', inputMode: 'tel', autoComplete: 'tel', maxLength: PHONE_MAX_LENGTH },
  jobTitle: {
    label: 'Job title',
    autoComplete: 'organization-title',
    maxLength: PROFILE_JOB_TITLE_MAX_LENGTH,
  },
};

const locationParts: readonly LocationPart[] = ['city', 'state', 'country'];
const locationFields: Record<LocationPart, FieldLook> = {
  city: { label: 'City', autoComplete: 'address-level2', maxLength: SHORT_TEXT_MAX_LENGTH },
  state: { label: 'State', autoComplete: 'address-level1', maxLength: SHORT_TEXT_MAX_LENGTH },
  country: { label: 'Country', autoComplete: 'country-name', maxLength: SHORT_TEXT_MAX_LENGTH },
};

/** Spec section 8: the server's message, else "Failed to update profile. Please try again." */
function saveFailureText(error: unknown): string {
  if (error instanceof ApiError && error.message !== fallbackMessages.updateProfile) return error.message;
  return profileMessages.updateFailed;
}

function firstErrorAt(errors: FieldErrors, prefix: string): string | undefined {
  return Object.entries(errors).find(([path]) => path === prefix || path.startsWith(`${prefix}.`))?.[1];
}

function ProfileCard({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="card profile-card" aria-labelledby={titleId}>
      <h2 className="section-title" id={titleId}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * Spec, Profile (/profile). It shows the profile as saved; Edit Profile opens a draft of it and Cancel
 * throws the draft away (the spec leaves this open: nothing half-edited should look saved). Save Changes
 * checks the draft with the contracts' schema, sends PUT /users/profile and, once saved, leaves edit
 * mode with "Profile updated successfully!"; the signed-in user takes the saved fields, so the top bar
 * follows. Pictures and resumes are saved the moment they are chosen or removed, not with the form.
 * Leaving with a changed draft (another screen, a reload) asks first; a saved one has no changes.
 */
export function ProfileScreen({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(user));
  const [errors, setErrors] = useState<FieldErrors>({});
  const notices = useProfileNotices();
  const save = useUpdateProfile();
  const resumeQuery = useResume(user.resume === null);
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);
  useUnsavedChanges(editing && isDraftChanged(draft, user));

  const resume = user.resume ?? resumeQuery.data ?? null;
  const profile: User = { ...user, resume };
  const values = editing ? draft : draftOf(user);
  const currency = user.jobPreferences.salaryExpectation.currency || DEFAULT_CURRENCY;

  function toggleEditing() {
    if (save.isPending) return;
    // Both ways start from the profile as saved: Cancel discards whatever was typed.
    setDraft(draftOf(user));
    setErrors({});
    setEditing(!editing);
    save.reset();
  }

  function change(next: Partial<ProfileDraft>, ...clears: string[]) {
    setDraft((current) => ({ ...current, ...next }));
    if (clears.length === 0) return;
    setErrors((current) => {
      if (!clears.some((path) => path in current)) return current;
      const rest = { ...current };
      for (const path of clears) delete rest[path];
      return rest;
    });
  }

  const setText = (name: TextName | 'bio') => (value: string) => change({ [name]: value }, name);
  const setLocation = (part: LocationPart) => (value: string) =>
    change({ location: { ...draft.location, [part]: value } }, `location.${part}`, 'location');

  const disabled = !editing;
  const textInput = (name: TextName) => (
    <InputField
      {...textFields[name]}
      name={name}
      disabled={disabled}
      value={values[name]}
      error={errors[name]}
      onChange={setText(name)}
    />
  );
  // A message about the location as a whole stands under its first field, City.
  const locationInput = (part: LocationPart, index: number) => (
    <InputField
      key={part}
      {...locationFields[part]}
      name={`location.${part}`}
      disabled={disabled}
      value={values.location[part]}
      error={errors[`location.${part}`] ?? (index === 0 ? errors.location : undefined)}
      onChange={setLocation(part)}
    />
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    // The wire shape (roles, remoteWork, salaryRange) is sent, not the schema's output (the stored shape).
    const request = profileRequestOf(draft, user);
    const outcome = parseInput(UpdateProfileRequest, request);
    if (!outcome.success) {
      setErrors(outcome.fieldErrors);
      const [first] = Object.keys(outcome.fieldErrors);
      const field = first === undefined ? null : event.currentTarget.elements.namedItem(first);
      if (field instanceof HTMLElement) field.focus();
      return;
    }
    setErrors({});
    save.mutate(request, {
      onSuccess: () => {
        setEditing(false);
        notices.succeed(profileMessages.updated);
        // Save Changes goes away with edit mode: the focus goes to the heading, not to the page's top.
        heading.current?.focus();
      },
      onError: (error) => notices.fail(saveFailureText(error)),
    });
  }

  return (
    <section className="screen profile-screen">
      <div className="screen-header">
        <h1 className="screen-title" ref={heading} tabIndex={-1}>
          Profile
        </h1>
        <button
          type="button"
          className={editing ? 'button button-ghost' : 'button'}
          aria-disabled={save.isPending || undefined}
          onClick={toggleEditing}
        >
          {editing ? 'Cancel' : 'Edit Profile'}
        </button>
      </div>
      <ProfileNoticeBanners notices={notices} onDismissed={() => heading.current?.focus()} />
      <div className="profile-grid">
        {/* The contracts' schema checks the fields, so the browser's own bubbles stay out of the way. */}
        <form className="profile-main" ref={form} onSubmit={submit} noValidate aria-label="Profile">
          <ProfileCard title="Basic Information">
            <ProfilePictureSection user={user} editing={editing} notices={notices} />
            <div className="form-row">
              {textInput('firstName')}
              {textInput('lastName')}
            </div>
            <div className="form-row">
              {textInput('email')}
              {textInput('phone')}
            </div>
            {textInput('jobTitle')}
            <TextAreaField
              name="bio"
              label="Bio"
              rows={4}
              maxLength={BIO_MAX_LENGTH}
              disabled={disabled}
              value={values.bio}
              error={errors.bio}
              onChange={setText('bio')}
            />
            <div className="form-row-3">{locationParts.map(locationInput)}</div>
          </ProfileCard>

          <ProfileCard title="Skills">
            <SkillsEditor
              skills={values.skills}
              editing={editing}
              error={firstErrorAt(errors, 'skills')}
              onChange={(skills) =>
                change({ skills }, ...Object.keys(errors).filter((path) => path.startsWith('skills')))
              }
            />
          </ProfileCard>

          <ProfileCard title="Job Preferences">
            <JobPreferencesEditor
              preferences={values}
              currency={currency}
              editing={editing}
              errors={errors}
              onChange={change}
            />
          </ProfileCard>

          {editing ? (
            <div className="form-actions">
              <button type="submit" className="button" aria-disabled={save.isPending || undefined}>
                {save.isPending ? 'Saving...' : 'Save Changes'}
              </button>
            </div>
          ) : null}
        </form>

        <div className="profile-side">
          <ResumeCard
            resume={resume}
            loading={resumeQuery.isFetching && resume === null}
            loadError={resumeQuery.isError ? resumeQuery.error : null}
            onRetry={() => void resumeQuery.refetch()}
            retrying={resumeQuery.isFetching}
            editing={editing}
            notices={notices}
          />
          <ProfileStats user={profile} />
        </div>
      </div>
    </section>
  );
}
