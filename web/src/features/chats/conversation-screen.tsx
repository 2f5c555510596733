import { CHAT_MESSAGES } from '@campus/shared/chat-api';
import { Link, useParams } from 'react-router';
import { useViewer } from '../../app/session/use-viewer.ts';
import { Icon } from '../../lib/icon.tsx';
import { Conversation } from './conversation.tsx';
import { useChatSummary } from './use-chat-summary.ts';

/** /messages/{id}: the conversation, or 'This conversation doesn't exist' (spec 2 §2, §8). */
export function ConversationScreen() {
  const { chatId = '' } = useParams();
  const viewer = useViewer();
  const { state, recheck } = useChatSummary(chatId);

  if (!viewer || state.status === 'loading') {
    return <div className="card messages-pane route-loading" aria-busy="true" />;
  }
  if (state.status === 'missing' || state.status === 'error') {
    return (
      <section className="card messages-pane messages-pane--empty" aria-labelledby="chat-missing-title">
        <span className="messages-pane__mark">
          <Icon name="message" size={32} />
        </span>
        <h1 id="chat-missing-title" className="empty-state__title">
          {state.status === 'missing' ? CHAT_MESSAGES.missing : CHAT_MESSAGES.somethingWentWrong}
        </h1>
        <Link to="/messages" className="button button--outline">
          Back to messages
        </Link>
      </section>
    );
  }
  return <Conversation key={state.chat.id} chat={state.chat} viewerId={viewer.id} onRefused={recheck} />;
}
