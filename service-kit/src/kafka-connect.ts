import { Connection } from '@platformatic/kafka';

/**
 * `KAFKA_CONNECT_OVERRIDES` for @platformatic/kafka's clients. The library has no socket factory; each
 * connection carries its client's `context` (the connection pools are made with it), so a client made
 * with `connectContext(overrides)` has its dials to an overridden broker's advertised address sent to
 * the reachable one instead, and every other client connects where the brokers say.
 */
const kOverrides = Symbol('careers.kafka.connect-overrides');

interface OverridesContext {
  [kOverrides]: Map<string, { host: string; port: number }>;
}

/** A client context carrying `advertised=reachable` pairs; undefined when there are none. */
export function connectContext(overrides: readonly string[] | undefined): object | undefined {
  if (!overrides || overrides.length === 0) return undefined;
  installConnectOverrides();
  const map = new Map<string, { host: string; port: number }>();
  for (const pair of overrides) {
    const [advertised = '', reachable = ''] = pair.split('=');
    const [host = '', port = ''] = reachable.split(/:(?=\d+$)/);
    map.set(advertised, { host, port: Number(port) });
  }
  return { [kOverrides]: map } satisfies OverridesContext;
}

let installed = false;

function installConnectOverrides(): void {
  if (installed) return;
  installed = true;
  const connect = Connection.prototype.connect as (this: Connection, ...args: unknown[]) => unknown;
  Connection.prototype.connect = function (this: Connection, host: string, port: number, ...rest: unknown[]) {
    const context = this.context as Partial<OverridesContext> | undefined;
    const target = context?.[kOverrides]?.get(`${host}:${port}`);
    return connect.call(this, target?.host ?? host, target?.port ?? port, ...rest);
  } as typeof Connection.prototype.connect;
}
