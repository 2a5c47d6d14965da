import { TryAgainButton } from '../../../components/try-again-button';

/** Spec section 8: the connections lists show the error text alone (no card title), with "Try again". */
export function ListFailure({
  message,
  retrying,
  onRetry,
}: {
  message: string;
  retrying: boolean;
  onRetry(): void;
}) {
  return (
    <div className="card error-card" role="alert">
      <p>{message}</p>
      <div className="error-card-actions">
        <TryAgainButton onRetry={onRetry} retrying={retrying} />
      </div>
    </div>
  );
}

/** A list with nothing in it: the spec's words as its heading. */
export function EmptyList({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="card empty-state">
      <h3 className="section-title">{title}</h3>
      {children}
    </div>
  );
}
