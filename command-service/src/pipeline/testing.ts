import type { NewDomainEvent } from '@careers/contracts/events/catalogue';
import { expect } from 'vitest';
import { type Decision, type DomainErrorKind, isRefusal } from './domain-error.ts';

/**
 * Decision tests as given / when / then: given a state, when a decision is made on it, then these
 * events, nothing, or this refusal.
 *
 *   given(post).when((p) => decideToggleLike({ post: p, viewer, likedAlready: false, now }))
 *     .thenRecords([{ type: 'PostLiked', data: { ... } }]);
 */
export function given<S>(state: S) {
  return {
    when(decide: (state: S) => Decision) {
      const decision = decide(state);
      return {
        /** The events recorded; returns them for further checks. */
        thenRecords(events: NewDomainEvent[]): NewDomainEvent[] {
          if (isRefusal(decision)) throw new Error(`expected events, got a refusal: ${decision.message}`);
          expect(decision).toEqual(events);
          return decision;
        },
        thenRecordsNothing(): void {
          expect(decision).toEqual([]);
        },
        thenRefuses(kind: DomainErrorKind, message: string): void {
          if (!isRefusal(decision)) throw new Error(`expected a refusal, got ${JSON.stringify(decision)}`);
          expect({ kind: decision.kind, message: decision.message }).toEqual({ kind, message });
        },
      };
    },
  };
}
