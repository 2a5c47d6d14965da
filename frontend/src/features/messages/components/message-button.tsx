import { messagingScreenMessages as texts } from '@careers/contracts/messages';
import { errorMessageOf } from '../../../lib/api-client';
import { useStartConversation } from '../api/start-conversation';

interface MessageButtonProps {
  /** The person to write to. */
  participantId: string;
  /** Their name, for the button's tooltip. */
  name: string;
  /** The job it is about, when it starts from an application. */
  jobId?: string;
  className?: string;
}

/**
 * Message, on a connection, a profile and an applicant: opens the conversation with the person (the
 * same one when it exists) and goes to it. When the server refuses (not connected, blocked), its own
 * words are said beside the button.
 */
export function MessageButton({
  participantId,
  name,
  jobId,
  className = 'button button-ghost',
}: MessageButtonProps) {
  const start = useStartConversation();
  return (
    <>
      <button
        type="button"
        className={className}
        title={texts.messageTitle(name)}
        aria-disabled={start.isPending || undefined}
        onClick={() => {
          if (start.isPending) return;
          start.mutate(jobId ? { participantId, jobId } : { participantId });
        }}
      >
        {start.isPending ? texts.opening : texts.message}
      </button>
      {start.isError ? (
        <p className="action-error" role="alert">
          {errorMessageOf(start.error, texts.startFailed)}
        </p>
      ) : null}
    </>
  );
}
