/**
 * What the app's code (and the contracts it bundles) gets for `import { z } from 'zod'`: vite.config.ts
 * aliases `zod` to this module. The app's Content-Security-Policy allows no eval (frontend/edge-
 * routing.ts); zod compiles parsers with `new Function` when it may, and probes for it as it builds its
 * first object schema, which a strict CSP reports as a violation. Switched off here, in the module that
 * every use of zod imports, so it is off before any schema is built, whichever chunk builds it first.
 */
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
