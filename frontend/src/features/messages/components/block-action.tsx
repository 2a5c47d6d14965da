import { messagingScreenMessages as texts } from '@careers/contracts/messages';
import { useEffect, useRef, useState } from 'react';
import { errorMessageOf } from '../../../lib/api-client';
import { useSetBlocked } from '../api/block';

interface BlockActionProps {
  conversationId: string;
  userId: string;
  name: string;
  blockedByMe: boolean;
}

/**
 * Block asks first, in place (no messages either way until lifted; the other is not told); Unblock
 * acts at once. Focus goes to the confirming button when the question opens and back to Block when
 * it is cancelled (Cancel or Escape), and to Unblock once the block is made. A failure is said beside it.
 */
export function BlockAction({ conversationId, userId, name, blockedByMe }: BlockActionProps) {
  const change = useSetBlocked(conversationId);
  const [asking, setAsking] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  const start = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);

  useEffect(() => {
    if (asking) confirm.current?.focus();
    else if (wasAsking.current) start.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  const error = change.isError ? (
    <p className="action-error" role="alert">
      {errorMessageOf(change.error, change.variables?.blocked ? texts.blockFailed : texts.unblockFailed)}
    </p>
  ) : null;

  if (blockedByMe) {
    return (
      <div className="block-action">
        <button
          ref={start}
          type="button"
          className="button button-ghost"
          aria-disabled={change.isPending || undefined}
          onClick={() => {
            if (!change.isPending) change.mutate({ userId, blocked: false });
          }}
        >
          {change.isPending ? texts.unblocking : texts.unblock}
        </button>
        {error}
      </div>
    );
  }

  if (!asking) {
    return (
      <div className="block-action">
        <button ref={start} type="button" className="button button-ghost" onClick={() => setAsking(true)}>
          {texts.block}
        </button>
        {error}
      </div>
    );
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the question cancels it, as Cancel does.
    <div
      className="confirm-box block-confirm"
      onKeyDown={(event) => {
        if (event.key === 'Escape') setAsking(false);
      }}
    >
      <p>{texts.blockQuestion(name)}</p>
      <div className="confirm-buttons">
        <button
          ref={confirm}
          type="button"
          className="button button-danger"
          aria-disabled={change.isPending || undefined}
          onClick={() => {
            if (change.isPending) return;
            change.mutate({ userId, blocked: true }, { onSuccess: () => setAsking(false) });
          }}
        >
          {change.isPending ? texts.blocking : texts.block}
        </button>
        <button type="button" className="button button-ghost" onClick={() => setAsking(false)}>
          {texts.cancel}
        </button>
      </div>
      {error}
    </div>
  );
}
