import type { MutationStatus } from '@tanstack/react-query';

interface FormStatusProps {
  status: MutationStatus;
  success: string;
  failure: string;
}

/**
 * The outcome of a save: a success line in a polite live region (present from the start, so screen
 * readers announce what lands in it) or a failure in an alert.
 */
export function FormStatus({ status, success, failure }: FormStatusProps) {
  return (
    <>
      <div className="form-status" role="status" aria-live="polite">
        {status === 'success' ? <p className="banner banner-success">{success}</p> : null}
      </div>
      {status === 'error' ? (
        <div role="alert" className="banner banner-error">
          {failure}
        </div>
      ) : null}
    </>
  );
}
