import { TryAgainButton } from './try-again-button';

interface ErrorCardProps {
  title: string;
  message: string;
  /** Asks for the list again (the failed query's refetch). */
  onRetry: () => void;
  retrying?: boolean;
}

/** A list that failed to load: the spec's card title, the server's text, and "Try again". */
export function ErrorCard({ title, message, onRetry, retrying = false }: ErrorCardProps) {
  return (
    <div className="card error-card" role="alert">
      <h2 className="error-card-title">{title}</h2>
      <p>{message}</p>
      <div className="error-card-actions">
        <TryAgainButton onRetry={onRetry} retrying={retrying} />
      </div>
    </div>
  );
}
