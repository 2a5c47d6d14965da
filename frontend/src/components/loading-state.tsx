import { screenMessages } from '@careers/contracts/messages';

/** "Loading..." with a spinner: the whole page while the session check runs, or inside a screen or card. */
export function LoadingState({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <div className={fullPage ? 'full-page-spinner' : 'loading-state'} role="status" aria-live="polite">
      <span className={fullPage ? 'spinner' : 'spinner spinner-small'} aria-hidden="true" />
      <span>{screenMessages.loading}</span>
    </div>
  );
}
