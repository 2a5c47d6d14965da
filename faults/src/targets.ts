/**
 * The full fault run's heal targets (issue 58): how soon each restarted consumer must be back, from the
 * fault or from the end of its repair, and how a run's figures stand against them.
 */
import type { FaultResult } from './suite.ts';

/** A sign of healing that must come within `withinMs` of the fault, or of the end of its repair. */
export interface HealTarget {
  sign: 'caught up' | 'live push';
  withinMs: number;
  after: 'fault' | 'repair';
}

/** The full run's heal targets (issue 58): a restarted consumer must be back within seconds. */
export const HEAL_TARGETS = {
  gatewayKilled: [{ sign: 'live push', withinMs: 5_000, after: 'fault' }],
  projectorKilled: [{ sign: 'caught up', withinMs: 5_000, after: 'fault' }],
  kafkaKilled: [{ sign: 'caught up', withinMs: 20_000, after: 'fault' }],
  startedWithoutKafka: [
    { sign: 'live push', withinMs: 10_000, after: 'repair' },
    { sign: 'caught up', withinMs: 10_000, after: 'repair' },
  ],
} as const satisfies Record<string, readonly HealTarget[]>;

/** "live push <= 5 s after the fault" */
export function describeTarget(target: HealTarget): string {
  return `${target.sign} <= ${target.withinMs / 1000} s after the ${target.after}`;
}

/** How a target came out: the time measured from its starting point, and whether it was met. */
export interface TargetResult extends HealTarget {
  measuredMs: number | null;
  met: boolean;
}

/** Each of a fault's targets against its result. */
export function judgeTargets(
  targets: readonly HealTarget[],
  result: Pick<FaultResult, 'caughtUpMs' | 'pushMs' | 'repairedMs'>,
): TargetResult[] {
  return targets.map((target) => {
    const fromFault = target.sign === 'caught up' ? result.caughtUpMs : (result.pushMs ?? null);
    const measuredMs =
      fromFault === null ? null : target.after === 'fault' ? fromFault : fromFault - result.repairedMs;
    return { ...target, measuredMs, met: measuredMs !== null && measuredMs <= target.withinMs };
  });
}
