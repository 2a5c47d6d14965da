import { flushCompileCache } from 'node:module';
import { ConfigError } from './config.ts';

export interface Closable {
  close(): Promise<void>;
}

/**
 * Entry-point helper: starts a service, prints a clear line on a bad environment instead of a stack
 * trace, and closes cleanly on SIGINT/SIGTERM.
 */
export async function runMain(name: string, start: () => Promise<Closable>): Promise<void> {
  // Node writes the code it compiled to NODE_COMPILE_CACHE when a process exits, which a SIGKILLed one
  // never does: written now, with every module loaded, its replacement loads from the cache anyway.
  flushCompileCache();
  let service: Closable;
  try {
    service = await start();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`${name}: ${error.message}`);
    } else {
      console.error(`${name} failed to start:`, error);
    }
    process.exit(1);
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      service.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}
