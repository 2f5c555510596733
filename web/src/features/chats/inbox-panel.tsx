import { CHAT_MESSAGES } from '@campus/shared/chat-api';
import { Link } from 'react-router';
import { useViewer } from '../../app/session/use-viewer.ts';
import { useReleaseFirstScreen } from '../../lib/first-screen.ts';
import { Icon } from '../../lib/icon.tsx';
import { SkeletonRows } from '../../lib/skeleton-rows.tsx';
import { useLoadMoreSentinel } from '../../lib/use-load-more-sentinel.ts';
import { InboxRow } from './inbox-row.tsx';
import { useInbox } from './use-inbox.ts';

/** spec 2 §2 Messages: the inbox, newest activity first, with the empty state 'Send a message, get a message'. */
export function InboxPanel({ activeChatId }: { activeChatId: string | null }) {
  const viewer = useViewer();
  const inbox = useInbox();
  const sentinel = useLoadMoreSentinel(inbox.loadMore);
  const isEmpty = !inbox.isLoading && inbox.chats.length === 0 && !inbox.error;
  // The server's light inbox gives way once this one has its rows, its empty state or its error.
  useReleaseFirstScreen(!inbox.isLoading || inbox.chats.length > 0);

  return (
    <section className="card inbox" aria-labelledby="inbox-title">
      <header className="inbox__head">
        <h1 id="inbox-title" className="inbox__title">
          Messages
        </h1>
        <Link to="/messages/new" className="icon-button inbox__new" aria-label="New message" title="New message">
          <Icon name="plus" />
        </Link>
      </header>
      {inbox.error && (
        <p className="inbox__error" role="alert">
          {inbox.error}
        </p>
      )}
      <div className="inbox__scroll">
        {isEmpty && (
          <div className="inbox__empty">
            <Icon name="message" size={36} />
            <p className="inbox__empty-text">{CHAT_MESSAGES.empty}</p>
            <Link to="/messages/new" className="button button--primary button--small">
              New message
            </Link>
          </div>
        )}
        {inbox.isLoading && inbox.chats.length === 0 && (
          // Grey rows while the first page loads on a slow network (issue 19).
          <SkeletonRows
            label="Loading conversations"
            listClassName="inbox__list inbox__loading"
            rowClassName="inbox-row"
            bodyClassName="inbox-row__body"
          />
        )}
        {inbox.chats.length > 0 && (
          <ul className="inbox__list" aria-label="Conversations">
            {inbox.chats.map((chat) => (
              <InboxRow key={chat.id} chat={chat} viewerId={viewer?.id ?? ''} isActive={chat.id === activeChatId} />
            ))}
          </ul>
        )}
        {!inbox.isEnd && inbox.chats.length > 0 && <div ref={sentinel} className="inbox__sentinel" />}
      </div>
    </section>
  );
}
