import { jobMessages } from '@careers/contracts/messages';

/** Spec, Job detail: "Job not found" and why. */
export function JobNotFound() {
  return (
    <div className="card empty-state">
      <h2 className="section-title">{jobMessages.jobNotFound}</h2>
      <p>{jobMessages.jobNotFoundDetail}</p>
    </div>
  );
}
