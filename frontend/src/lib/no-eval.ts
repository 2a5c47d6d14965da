import { z } from 'zod';

/**
 * The app's Content-Security-Policy allows no eval (frontend/edge-routing.ts). zod compiles parsers
 * with `new Function` when it may, and probes for it on the first parse, which a strict CSP reports
 * as a violation. Imported first by main.tsx, before any module parses anything.
 */
z.config({ jitless: true });
