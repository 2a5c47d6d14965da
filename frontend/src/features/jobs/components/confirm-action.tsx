import { useEffect, useRef, useState } from 'react';

interface ConfirmActionProps {
  /** The button that starts it: "Close Job", "Withdraw". */
  label: string;
  question: string;
  confirmLabel: string;
  pendingLabel: string;
  cancelLabel: string;
  pending: boolean;
  /** The failure to show, already in words; null when there is none. */
  failure: string | null;
  /** Runs the action; calls `done` once it has succeeded. */
  onConfirm(done: () => void): void;
  className?: string;
}

/**
 * An action that cannot be undone (closing a job, withdrawing an application) asks first, in the page
 * rather than in a browser dialog: the question, then the confirm and cancel buttons. Focus goes to
 * the confirm button when the question opens and back to the first button when it closes.
 */
export function ConfirmAction({
  label,
  question,
  confirmLabel,
  pendingLabel,
  cancelLabel,
  pending,
  failure,
  onConfirm,
  className = 'button button-ghost',
}: ConfirmActionProps) {
  const [open, setOpen] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) confirmButton.current?.focus();
    else if (wasOpen.current) startButton.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return (
    <div className="confirm-action">
      {open ? (
        <div className="confirm-box">
          <p>{question}</p>
          <div className="confirm-buttons">
            <button
              ref={confirmButton}
              type="button"
              className="button button-danger"
              aria-disabled={pending || undefined}
              onClick={() => {
                if (!pending) onConfirm(() => setOpen(false));
              }}
            >
              {pending ? pendingLabel : confirmLabel}
            </button>
            <button type="button" className="button button-ghost" onClick={() => setOpen(false)}>
              {cancelLabel}
            </button>
          </div>
        </div>
      ) : (
        <button ref={startButton} type="button" className={className} onClick={() => setOpen(true)}>
          {label}
        </button>
      )}
      {failure ? (
        <p className="action-error" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
