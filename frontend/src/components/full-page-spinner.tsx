import { screenMessages } from '@careers/contracts/messages';

export function FullPageSpinner() {
  return (
    <div className="full-page-spinner" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{screenMessages.loading}</span>
    </div>
  );
}
