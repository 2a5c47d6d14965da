import './lib/no-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyTheme, readThemePreference, resolveTheme, systemPrefersDark } from './lib/theme';
import './styles.css';

// Paint the stored theme before React mounts, so a dark-theme user never sees a white flash.
applyTheme(document, resolveTheme(readThemePreference(), systemPrefersDark()));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
