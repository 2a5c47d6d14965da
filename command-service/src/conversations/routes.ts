import { randomUUID } from 'node:crypto';
import { routes } from '@careers/contracts/routes';
import type { ApplicationStore } from '../applications/store.ts';
import type { ConnectionStore } from '../connections/store.ts';
import type { CommandTransaction } from '../event-log/event-store.ts';
import type { JobStore } from '../jobs/store.ts';
import { type PipelineDeps, registerCommand, signedOut } from '../pipeline/command-pipeline.ts';
import type { DomainError } from '../pipeline/domain-error.ts';
import { userStream } from '../users/routes.ts';
import type { UserStore } from '../users/store.ts';
import {
  type BlockCommandState,
  type ConversationState,
  decideBlock,
  decideMarkRead,
  decideSendMessage,
  decideStartConversation,
  decideUnblock,
  evolveBlockCommand,
  foldConversation,
  isParticipant,
  type MessageRecord,
  otherParticipant,
  type ReadPosition,
  unstartedConversation,
  type WriteAccess,
} from './decide.ts';
import type { BlockStore, ConversationStore } from './store.ts';

export interface ConversationRouteDeps extends PipelineDeps {
  conversations: ConversationStore;
  blocks: BlockStore;
  users: UserStore;
  connections: ConnectionStore;
  applications: ApplicationStore;
  jobs: JobStore;
}

/** A start: the pair's conversation if it exists, else the one it would start. */
interface StartState {
  otherId: string;
  otherExists: boolean;
  job: { jobId: string; title: string; linked: boolean } | null;
  existing: ConversationState | null;
  access: WriteAccess;
  /** The conversation the command records on: `existing`, or a new one. */
  conversation: ConversationState;
}

/** A send: the locked conversation, whether the actor may write in it, and what they sent. */
interface SendState {
  conversation: ConversationState;
  access: WriteAccess;
  sent: MessageRecord | null;
}

/** A read receipt: the locked conversation, the message named, and the reader's position. */
interface ReadState {
  conversation: ConversationState;
  message: MessageRecord | null;
  position: ReadPosition | null;
}

const conversationStream = (conversation: ConversationState) => ({
  type: 'conversation' as const,
  id: conversation.id,
  version: conversation.version,
});

/** Whether one may write where there is no conversation: never (decided as "not found" first). */
const noAccess: WriteAccess = {
  otherExists: false,
  linked: false,
  blockedByActor: false,
  blockedByOther: false,
};

/**
 * The conversation commands (start, send, mark read) on the conversation's own stream, and blocks on
 * the blocker's user stream (beyond the spec). Who may write to whom is read from the write side's own
 * tables: connections, applications, blocks and accounts.
 */
export function registerConversationRoutes(deps: ConversationRouteDeps): void {
  const { conversations, blocks, users, connections, applications, jobs } = deps;

  /**
   * Whether `actorId` may write to `otherId` now, the accounts held (FOR KEY SHARE) until the commit:
   * null when the actor's own account is gone. Sent together: one wait for all.
   */
  async function accessBetween(
    tx: CommandTransaction,
    actorId: string,
    otherId: string,
  ): Promise<WriteAccess | null> {
    const [accounts, connected, applied, blocked] = await Promise.all([
      users.holdExisting(tx.client, [actorId, otherId]),
      connections.areConnected(tx.client, actorId, otherId),
      applications.linksPeople(tx.client, actorId, otherId),
      blocks.between(tx.client, actorId, otherId),
    ]);
    if (!accounts.has(actorId)) return null;
    return {
      otherExists: accounts.has(otherId),
      linked: connected || applied,
      blockedByActor: blocked.byActor,
      blockedByOther: blocked.byOther,
    };
  }

  registerCommand(deps, {
    route: routes.startConversation,
    async load(tx, { actor, body, now }) {
      const otherId = body.participantId.toLowerCase();
      const jobId = body.jobId?.toLowerCase() ?? null;
      const conversation = unstartedConversation(actor.userId, otherId, now);
      // The id's lock first; then, in statements of their own, the conversation and what decides it
      // (which see a start of the pair that committed while this one waited for the lock).
      await conversations.lockStart(tx.client, conversation.id);
      const [existing, access, job, linkedByJob] = await Promise.all([
        conversations.find(tx.client, conversation.id),
        accessBetween(tx, actor.userId, otherId),
        jobId ? jobs.find(tx.client, jobId) : null,
        jobId ? applications.linksPeople(tx.client, actor.userId, otherId, jobId) : false,
      ]);
      if (!access) return signedOut();
      return {
        otherId,
        otherExists: access.otherExists,
        job: jobId ? { jobId, title: job?.listing.title ?? '', linked: job !== null && linkedByJob } : null,
        existing,
        access,
        conversation: existing ?? conversation,
      } satisfies StartState;
    },
    decide: (state, { actor, now }) =>
      decideStartConversation({
        actorId: actor.userId,
        otherId: state.otherId,
        otherExists: state.otherExists,
        job: state.job,
        existing: state.existing,
        access: state.access,
        conversationId: state.conversation.id,
        now,
      }),
    stream: ({ conversation }) => conversationStream(conversation),
    evolve: (state, events) => ({ ...state, conversation: foldConversation(state.conversation, events) }),
    saveAlong: ({ conversation }) => conversations.writeStarted(conversation),
    respond: ({ conversation }) => ({ data: { conversationId: conversation.id } }),
  });

  registerCommand(deps, {
    route: routes.sendMessage,
    prepare: async () => ({ messageId: randomUUID() }),
    // Null: no conversation the actor is in.
    async load(tx, { actor, params }): Promise<SendState | null | DomainError> {
      const conversation = await conversations.lock(tx.client, params.id.toLowerCase());
      if (!conversation || !isParticipant(conversation, actor.userId)) return null;
      const access = await accessBetween(tx, actor.userId, otherParticipant(conversation, actor.userId));
      if (!access) return signedOut();
      return { conversation, access, sent: null };
    },
    decide: (state, { actor, body, now }, { messageId }) =>
      decideSendMessage({
        conversation: state?.conversation ?? null,
        actorId: actor.userId,
        access: state?.access ?? noAccess,
        messageId,
        text: body.text,
        now,
      }),
    stream: ({ conversation }) => conversationStream(conversation),
    evolve: (state, events) => {
      const conversation = foldConversation(state.conversation, events);
      let { sent } = state;
      for (const event of events) {
        if (event.type !== 'MessageSent') continue;
        const { messageId, senderId, sentAt } = event.data;
        sent = { messageId, conversationId: conversation.id, senderId, seq: conversation.version, sentAt };
      }
      return { ...state, conversation, sent };
    },
    saveAlong: ({ conversation, sent }) => conversations.writeSent(conversation, sent as MessageRecord),
    respond: (state, { body }) => {
      const sent = state?.sent;
      if (!sent) throw new Error('a send answered without a message recorded');
      return {
        data: {
          _id: sent.messageId,
          conversationId: sent.conversationId,
          senderId: sent.senderId,
          text: body.text,
          erased: false,
          sentAt: sent.sentAt,
        },
      };
    },
  });

  registerCommand(deps, {
    route: routes.markConversationRead,
    // Null: no conversation the actor is in.
    async load(tx, { actor, params, body }): Promise<ReadState | null> {
      const conversation = await conversations.lock(tx.client, params.id.toLowerCase());
      if (!conversation || !isParticipant(conversation, actor.userId)) return null;
      const [message, position] = await Promise.all([
        conversations.message(tx.client, conversation.id, body.upToMessageId.toLowerCase()),
        conversations.readPosition(tx.client, conversation.id, actor.userId),
      ]);
      return { conversation, message, position };
    },
    decide: (state, { actor, now }) =>
      decideMarkRead({
        conversation: state?.conversation ?? null,
        actorId: actor.userId,
        message: state?.message ?? null,
        position: state?.position ?? null,
        now,
      }),
    stream: ({ conversation }) => conversationStream(conversation),
    evolve: (state, events) => ({
      ...state,
      conversation: foldConversation(state.conversation, events),
      position:
        state.message && events.some((event) => event.type === 'MessagesRead')
          ? { messageId: state.message.messageId, seq: state.message.seq }
          : state.position,
    }),
    saveAlong: ({ conversation, position }, { actor, now }) =>
      conversations.writeRead(conversation, actor.userId, position as ReadPosition, now.toISOString()),
    // With nothing recorded (read that far already), the position as it stands. A refusal never
    // reaches here, so the state and its position are there.
    respond: (state) => ({
      data: {
        conversationId: state?.conversation.id ?? '',
        readUpTo: state?.position?.messageId ?? '',
      },
    }),
  });

  /**
   * A block is the blocker's: their row locked first (their stream), the person named held (FOR KEY
   * SHARE) so their account's deletion cannot slip in between, then the block as it stands.
   */
  async function loadBlock(tx: CommandTransaction, actorId: string, rawTargetId: string) {
    const record = await users.lock(tx.client, actorId);
    if (!record) return signedOut();
    const targetId = rawTargetId.toLowerCase();
    const [accounts, blockedAt] = await Promise.all([
      users.holdExisting(tx.client, [targetId]),
      blocks.blockedAt(tx.client, actorId, targetId),
    ]);
    return {
      ...record,
      targetId,
      targetExists: accounts.has(targetId),
      blockedAt,
    } satisfies BlockCommandState;
  }

  async function saveBlock(tx: CommandTransaction, next: BlockCommandState): Promise<void> {
    await users.save(tx.client, next);
    const { user, targetId, blockedAt } = next;
    if (blockedAt === null) await blocks.remove(tx.client, user._id, targetId);
    else await blocks.add(tx.client, user._id, targetId, blockedAt);
  }

  const respondBlock = ({ targetId, blockedAt }: BlockCommandState) => ({
    data: { userId: targetId, blocked: blockedAt !== null },
  });

  registerCommand(deps, {
    route: routes.blockUser,
    load: (tx, { actor, params }) => loadBlock(tx, actor.userId, params.id),
    decide: ({ user, targetId, targetExists, blockedAt }, { now }) =>
      decideBlock({ actorId: user._id, targetId, targetExists, blockedAt, now }),
    stream: userStream,
    evolve: evolveBlockCommand,
    save: saveBlock,
    respond: respondBlock,
  });

  registerCommand(deps, {
    route: routes.unblockUser,
    load: (tx, { actor, params }) => loadBlock(tx, actor.userId, params.id),
    decide: ({ user, targetId, targetExists, blockedAt }, { now }) =>
      decideUnblock({ actorId: user._id, targetId, targetExists, blockedAt, now }),
    stream: userStream,
    evolve: evolveBlockCommand,
    save: saveBlock,
    respond: respondBlock,
  });
}
