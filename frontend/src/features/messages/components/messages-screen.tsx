import { messagingScreenMessages as texts } from '@careers/contracts/messages';
import { useParams } from 'react-router-dom';
import { useAuth } from '../../auth/components/auth-provider';
import { ConversationList } from './conversation-list';
import { Thread } from './thread';

/**
 * Beyond the spec: /messages and /messages/{conversationId}. On a wide screen the list and the open
 * thread sit side by side; below 768 px they are two screens (styles.css): the list alone, or the
 * thread alone with a link back to the list. Each thread is its own component instance (keyed), so
 * nothing typed or sent in one shows in another.
 */
export function MessagesScreen() {
  const { conversationId } = useParams();
  const auth = useAuth();
  const viewerId = auth.status === 'signed-in' ? auth.user._id : '';
  return (
    <section
      className={conversationId ? 'screen messages-screen messages-with-thread' : 'screen messages-screen'}
    >
      <ConversationList activeId={conversationId} viewerId={viewerId} />
      <div className="thread-pane">
        {conversationId ? (
          <Thread key={conversationId} conversationId={conversationId} viewerId={viewerId} />
        ) : (
          <p className="muted thread-placeholder">{texts.chooseConversation}</p>
        )}
      </div>
    </section>
  );
}
