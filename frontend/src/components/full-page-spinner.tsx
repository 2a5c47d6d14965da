import { shellTexts } from '../lib/texts';

export function FullPageSpinner() {
  return (
    <div className="full-page-spinner" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{shellTexts.loading}</span>
    </div>
  );
}
