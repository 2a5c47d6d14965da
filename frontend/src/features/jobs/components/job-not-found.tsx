import { jobMessages } from '@careers/contracts/messages';

/**
 * Spec, Job detail: "Job not found" and why. On the job detail it is the screen's heading (level 1);
 * under another screen's heading (the applicants view) it is a level 2.
 */
export function JobNotFound({ level = 2 }: { level?: 1 | 2 }) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="card empty-state">
      <Heading className={level === 1 ? 'screen-title' : 'section-title'}>{jobMessages.jobNotFound}</Heading>
      <p>{jobMessages.jobNotFoundDetail}</p>
    </div>
  );
}
