import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyTheme, readThemePreference, resolveTheme, systemPrefersDark } from './lib/theme';
import './styles.css';

// Paint the stored theme before React mounts, so a dark-theme user never sees a white flash.
applyTheme(document, resolveTheme(readThemePreference(), systemPrefersDark()));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A transition: React renders the first screen in slices, yielding to the browser between them, rather
// than in one long task (index.html's loading state stays until it is done).
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
