import { execFileSync } from 'node:child_process';
import { io } from 'socket.io-client';
import { connected, socketOptions } from './checks.ts';
import type { Load, Person } from './load.ts';
import { sleep } from './private-stack.ts';
import type { Fault, SuiteOptions } from './suite.ts';
import type { FaultTopology, InstanceName } from './topology.ts';

/**
 * The two-copy run's faults: one copy of each service SIGKILLed at a time, started again after downMs,
 * while its twin serves. The command-service copy killed is the one whose relay publishes (its
 * /readyz says), so publishing must pass to the other; the gateway copy killed is the one the edge
 * sends the watcher's sockets to, so they must move to the other.
 */
export function copyFaults(
  options: SuiteOptions,
  topology: FaultTopology,
  load: Load,
  log: (line: string) => void,
): Fault[] {
  const copyFault = (name: string, victimOf: () => Promise<InstanceName>, push = false): Fault => {
    let victim: InstanceName | undefined;
    return {
      name,
      inject: async () => {
        victim = await victimOf();
        log(`  killing ${victim}`);
        await topology.kill(victim);
      },
      restore: async () => {
        if (!victim) return;
        await topology.startService(victim);
        await topology.waitReady(victim, options.healTimeoutMs);
      },
      downMs: options.downMs,
      push,
    };
  };
  return [
    copyFault('SIGKILL one projector copy', async () => 'projector'),
    copyFault('SIGKILL the command-service copy whose relay publishes', () => relayHolder(topology)),
    copyFault('SIGKILL one query-service copy', async () => 'query-service'),
    copyFault(
      "SIGKILL the realtime-gateway copy holding the watcher's sockets",
      () => socketHolder(topology, load.people[0] as Person),
      true,
    ),
  ];
}

/** The command-service copy whose /readyz says its relay publishes (waits for one, up to 30 s). */
async function relayHolder(topology: FaultTopology): Promise<InstanceName> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    for (const name of topology.instances('command-service')) {
      const body = (await fetch(`http://127.0.0.1:${topology.port(name)}/readyz`)
        .then((r) => r.json())
        .catch(() => null)) as { info?: { relay?: string } } | null;
      if (body?.info?.relay === 'publishing') return name;
    }
    await sleep(200);
  }
  throw new Error('no command-service copy says its relay publishes');
}

/**
 * The gateway copy the edge sends `person`'s sockets to (nginx hashes the session cookie): a socket is
 * opened through the edge, and `ss` names the copy with an established connection from nginx.
 */
async function socketHolder(topology: FaultTopology, person: Person): Promise<InstanceName> {
  const socket = io(topology.urls.gateway, socketOptions(person));
  try {
    await connected(socket);
    const held = topology.instances('realtime-gateway').find((name) =>
      execFileSync('ss', ['-tnpH', 'state', 'established', `( dport = :${topology.port(name)} )`], {
        encoding: 'utf8',
      }).includes('"nginx"'),
    );
    if (!held) throw new Error("no gateway copy holds the watcher's socket");
    return held;
  } finally {
    socket.disconnect();
  }
}
