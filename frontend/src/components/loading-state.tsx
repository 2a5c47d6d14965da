import { screenMessages } from '@careers/contracts/messages';

/** A spinner inside a screen or a card, while its data is on the way. */
export function LoadingState() {
  return (
    <div className="loading-state" role="status" aria-live="polite">
      <span className="spinner spinner-small" aria-hidden="true" />
      <span>{screenMessages.loading}</span>
    </div>
  );
}
