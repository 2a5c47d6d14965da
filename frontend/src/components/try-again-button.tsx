import { recoveryMessages } from '@careers/contracts/messages';

interface TryAgainButtonProps {
  onRetry: () => void;
  /** The new attempt is under way: the button reads "Trying again..." and ignores clicks. */
  retrying?: boolean;
  className?: string;
}

/**
 * "Try again" after a failure. While the attempt runs the button stays focusable (aria-disabled, not
 * disabled): a focused button that becomes disabled loses focus to the top of the page.
 */
export function TryAgainButton({ onRetry, retrying = false, className = 'button' }: TryAgainButtonProps) {
  return (
    <button
      type="button"
      className={className}
      aria-disabled={retrying || undefined}
      onClick={() => {
        if (!retrying) onRetry();
      }}
    >
      {retrying ? recoveryMessages.tryingAgain : recoveryMessages.tryAgain}
    </button>
  );
}
