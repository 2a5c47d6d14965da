import type { User } from '@careers/contracts/entities/user';
import { profileCompletion, profileCompletionColor } from '@careers/contracts/profile-completion';
import { useId } from 'react';

/** Spec section 1: the account type as text, underscores replaced by spaces ("job seeker"). */
export function accountTypeText(accountType: string): string {
  return accountType.replace(/_/g, ' ');
}

/**
 * Spec, Profile Stats: skill count, role count, account type, and the resume "Uploaded" or "Not added
 * yet"; with them the completion percent (six items, rounded; green at 80, yellow at 60, red below).
 * They describe the profile as saved, not the edits not yet saved.
 */
export function ProfileStats({ user }: { user: User }) {
  const titleId = useId();
  const percent = profileCompletion(user);
  const color = profileCompletionColor(percent);
  return (
    <section className="card profile-card" aria-labelledby={titleId}>
      <h2 className="section-title" id={titleId}>
        Profile Stats
      </h2>
      <dl className="profile-stats">
        <div className="profile-completion">
          <dt>Profile completion</dt>
          <dd>
            <span className={`completion-percent completion-${color}`}>{percent}%</span>
            <span className="completion-track" aria-hidden="true">
              <span className={`completion-bar completion-bar-${color}`} style={{ width: `${percent}%` }} />
            </span>
          </dd>
        </div>
        <div>
          <dt>Skills</dt>
          <dd>{user.skills.length}</dd>
        </div>
        <div>
          <dt>Desired roles</dt>
          <dd>{user.jobPreferences.roles.length}</dd>
        </div>
        <div>
          <dt>Account type</dt>
          <dd>{accountTypeText(user.accountType)}</dd>
        </div>
        <div>
          <dt>Resume</dt>
          <dd>{user.resume ? 'Uploaded' : 'Not added yet'}</dd>
        </div>
      </dl>
    </section>
  );
}
