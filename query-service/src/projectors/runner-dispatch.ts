import type { DomainEvent, DomainEventType } from '@careers/contracts/events/catalogue';
import type { ProjectionContext, Projector } from './projector.ts';

/** Which projectors take each event type, and which types go in runs (Projector.batched). */
export class EventDispatch {
  private readonly byType = new Map<string, Projector[]>();
  /** Types some projector takes in batches: they are applied in runs (see project). */
  private readonly batchable = new Set<string>();
  /**
   * Each projector's handled and batched types as sets: a run's every event is looked up in them for
   * every projector (13 of them), which the arrays' `includes` made a linear search each time.
   */
  private readonly handled = new Map<Projector, { handles: Set<string>; batched: Set<string> }>();

  constructor(projectors: readonly Projector[]) {
    for (const projector of projectors) {
      this.handled.set(projector, {
        handles: new Set(projector.handles),
        batched: new Set(projector.applyBatch ? (projector.batched ?? []) : []),
      });
      for (const type of projector.handles) {
        this.byType.set(type, [...(this.byType.get(type) ?? []), projector]);
      }
    }
    for (const [type, handlers] of this.byType) {
      if (handlers.some((p) => p.batched?.includes(type as DomainEventType) && p.applyBatch)) {
        this.batchable.add(type);
      }
    }
  }

  /**
   * Applies events in order. A run of consecutive events of one stream type, each of a type some
   * projector takes in batches (Projector.batched), goes projector by projector (registry order): each
   * takes the run's events it handles in one `applyBatch` call if it takes all their types in batches,
   * else one at a time, in order. Any other event goes to its projectors one at a time, in registry order.
   * Only `projectors` apply them (the runs are the same whichever they are).
   */
  async project(
    events: readonly DomainEvent[],
    ctx: ProjectionContext,
    projectors: readonly Projector[],
  ): Promise<void> {
    const involved = new Set<Projector>();
    let i = 0;
    while (i < events.length) {
      const streamType = events[i]?.streamType;
      let end = i;
      while (
        end < events.length &&
        events[end]?.streamType === streamType &&
        this.batchable.has(events[end]?.type ?? '')
      )
        end++;
      if (end > i) {
        const run = events.slice(i, end);
        for (const projector of projectors) {
          const { handles, batched } = this.typesOf(projector);
          const mine = run.filter((e) => handles.has(e.type));
          if (mine.length === 0) continue;
          involved.add(projector);
          if (projector.applyBatch && mine.every((e) => batched.has(e.type))) {
            await projector.applyBatch(mine, ctx);
          } else {
            for (const event of mine) await projector.apply(event, ctx);
          }
        }
        i = end;
        continue;
      }
      const event = events[i] as DomainEvent;
      for (const projector of this.byType.get(event.type) ?? []) {
        if (!projectors.includes(projector)) continue;
        involved.add(projector);
        await projector.apply(event, ctx);
      }
      i++;
    }
    for (const projector of projectors) {
      if (involved.has(projector)) await projector.finish?.(ctx);
    }
  }

  private typesOf(projector: Projector): { handles: Set<string>; batched: Set<string> } {
    const types = this.handled.get(projector);
    if (!types) throw new Error(`projector ${projector.name} is not dispatched to`);
    return types;
  }
}
