interface ActionButtonProps {
  label: string;
  /** Said instead of the label while the action runs ("Removing..."); the label stays when left out. */
  busyLabel?: string;
  busy: boolean;
  onAct(origin: HTMLButtonElement): void;
  className?: string;
  buttonRef?: React.Ref<HTMLButtonElement>;
}

/**
 * A card's action. While its call runs the button ignores clicks but stays focusable (aria-disabled,
 * not disabled): a focused button that becomes disabled drops the focus to the top of the page.
 */
export function ActionButton({
  label,
  busyLabel,
  busy,
  onAct,
  className = 'button button-ghost',
  buttonRef,
}: ActionButtonProps) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className={className}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (!busy) onAct(event.currentTarget);
      }}
    >
      {busy && busyLabel ? busyLabel : label}
    </button>
  );
}
