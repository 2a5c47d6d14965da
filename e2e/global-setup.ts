import type { TestProject } from 'vitest/node';
import { startTopology, type Topology } from './topology.ts';

let topology: Topology | undefined;

export async function setup(_project: TestProject): Promise<void> {
  topology = await startTopology();
}

export async function teardown(): Promise<void> {
  await topology?.stop();
}
