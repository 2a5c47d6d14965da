import { useCallback, useMemo, useState } from 'react';
import { useIntents } from '../../../lib/intent';
import { useConnect } from '../api/connect';
import { useRemoveConnection } from '../api/remove-connection';
import { useRespondToRequest } from '../api/respond-to-request';
import { useWithdrawRequest } from '../api/withdraw-request';

/** What the screen does once an action has succeeded: say the server's words, and keep the focus. */
export type ActionDone = (message: string, origin: HTMLElement | null) => void;

export interface ConnectionActions {
  connect(userId: string, origin: HTMLElement | null): void;
  respond(requestId: string, status: 'accepted' | 'rejected', origin: HTMLElement | null): void;
  withdraw(requestId: string, origin: HTMLElement | null): void;
  remove(connectionId: string, origin: HTMLElement | null): void;
  /** True while an action on this person or relationship is under way (its buttons wait). */
  isBusy(id: string): boolean;
}

/**
 * The screen's four commands, held by the screen rather than by the cards: a card leaves its list as
 * soon as its action succeeds, and what follows (the announcement, the focus) must still happen. Each
 * id is busy until its own call ends, so two cards can be answered at once.
 */
export function useConnectionActions(onDone: ActionDone): ConnectionActions {
  const connect = useConnect();
  const respond = useRespondToRequest();
  const withdraw = useWithdrawRequest();
  const remove = useRemoveConnection();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  // One call per intent on an id (lib/intent.ts): a double click on Connect sends one request.
  const intents = useIntents();

  const run = useCallback(
    (id: string, origin: HTMLElement | null, call: (key: string) => Promise<{ message: string }>) => {
      const key = intents.begin(id);
      if (key === null) return;
      setBusy((ids) => new Set(ids).add(id));
      call(key)
        .then((reply) => {
          intents.end(id, true);
          onDone(reply.message, origin);
        })
        // Spec section 8: a failed connection call is only logged (the mutation does it) and the lists
        // are read again, so the screen shows what is true now.
        .catch(() => intents.end(id, false))
        .finally(() =>
          setBusy((ids) => {
            const rest = new Set(ids);
            rest.delete(id);
            return rest;
          }),
        );
    },
    [onDone, intents],
  );

  return useMemo(
    () => ({
      connect: (userId, origin) => run(userId, origin, (key) => connect.mutateAsync({ id: userId, key })),
      respond: (requestId, status, origin) =>
        run(requestId, origin, (key) => respond.mutateAsync({ requestId, status, key })),
      withdraw: (requestId, origin) =>
        run(requestId, origin, (key) => withdraw.mutateAsync({ id: requestId, key })),
      remove: (connectionId, origin) =>
        run(connectionId, origin, (key) => remove.mutateAsync({ id: connectionId, key })),
      isBusy: (id) => busy.has(id),
    }),
    [run, busy, connect.mutateAsync, respond.mutateAsync, withdraw.mutateAsync, remove.mutateAsync],
  );
}
