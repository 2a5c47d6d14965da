import type { Job } from '@careers/contracts/entities/job';
import { savedJobMessages } from '@careers/contracts/messages';
import { useCallback, useState } from 'react';
import { BookmarkIcon } from '../../../components/icons';
import { useIntents } from '../../../lib/intent';
import { usePendingSave, useSaveJob } from '../api/save-job';
import { isNotFound, refusalMessage } from './refusal';

/**
 * What a failed save or unsave says: a refusal in the server's words (a closed job, too many saved),
 * anything else (the job is gone, no answer, a server error) as the fixed text.
 */
function failureText(error: unknown, saved: boolean): string {
  const failure = saved ? savedJobMessages.saveFailed : savedJobMessages.unsaveFailed;
  return isNotFound(error) ? failure : refusalMessage(error, failure);
}

interface SaveJobToggleProps {
  job: Job;
  /** Whether the reader's saved list holds the job (false while the list is not known). */
  saved: boolean;
  /** Told of each save or unsave that succeeded (the screen says it aloud, SaveAnnouncement). */
  onChanged?: (saved: boolean) => void;
}

/**
 * Beyond the spec: "Save job", a toggle button whose pressed state says whether the job is on the
 * reader's saved list; its name and its word ("Save") stay the same so a screen reader says "Save
 * job, pressed" rather than a name that flips, and the word stays part of the name. Optimistic: it flips at once
 * (every toggle of the job on screen does, see useSaveJob) and goes back with an alert when the
 * server refuses or cannot be reached. While one is on its way the button is aria-disabled, not
 * disabled, so the focus stays on it; each click is one intent with one Idempotency-Key
 * (lib/intent.ts): a double click sends once, clicking again after a failure sends the same key.
 *
 * A closed job takes no new saves (the server refuses them), so its toggle shows only while it is
 * saved, and stays where it was clicked (unsaved there, the focus is not dropped).
 */
export function SaveJobToggle({ job, saved, onChanged }: SaveJobToggleProps) {
  const intents = useIntents();
  const change = useSaveJob(job._id, onChanged);
  const asked = usePendingSave(job._id);
  const [clicked, setClicked] = useState(false);
  const busy = asked !== undefined;
  const pressed = asked ?? saved;
  if (job.status === 'closed' && !pressed && !busy && !clicked) return null;

  function toggle() {
    if (busy) return;
    const next = !pressed;
    const key = intents.begin('save', next);
    if (key === null) return;
    setClicked(true);
    change.mutate(
      { job, saved: next, key },
      {
        onSettled: (_state, error) => intents.end('save', !error),
        onError: (error) => window.alert(failureText(error, next)),
      },
    );
  }

  return (
    <button
      type="button"
      className={pressed ? 'button save-toggle save-toggle-on' : 'button save-toggle'}
      aria-label={savedJobMessages.saveJob}
      aria-pressed={pressed}
      aria-disabled={busy || undefined}
      onClick={toggle}
    >
      {/* One word whatever the state, part of the name (WCAG 2.5.3): the filled bookmark, the pressed
          style and aria-pressed say it is saved. */}
      <BookmarkIcon filled={pressed} />
      <span>{savedJobMessages.save}</span>
    </button>
  );
}

/** What a screen with Save toggles has said aloud last; `count` tells one "Job saved" from the next. */
interface Said {
  text: string;
  count: number;
}

/** A screen's announcer of saves and unsaves: pass `onChanged` to its toggles, render `said` in SaveAnnouncement. */
export function useSaveAnnouncer() {
  const [said, setSaid] = useState<Said>({ text: '', count: 0 });
  const onChanged = useCallback(
    (saved: boolean) =>
      setSaid(({ count }) => ({
        text: saved ? savedJobMessages.jobSaved : savedJobMessages.jobUnsaved,
        count: count + 1,
      })),
    [],
  );
  return { said, onChanged };
}

/**
 * A polite live region, there from the start, that says "Job saved" or "Job removed from your saved
 * jobs" once the server has it (the toggle's pressed state changed already, at the click). Each
 * message is a new node, so the same words twice in a row are said twice.
 */
export function SaveAnnouncement({ said }: { said: Said }) {
  return (
    <p className="visually-hidden" aria-live="polite">
      <span key={said.count}>{said.text}</span>
    </p>
  );
}
