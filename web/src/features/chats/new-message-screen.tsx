import { CHAT_MESSAGES } from '@campus/shared/chat-api';
import type { AuthorDto } from '@campus/shared/post-api';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { Icon } from '../../lib/icon.tsx';
import { fetchRecipient } from './api.ts';
import { useStartChat } from './use-start-chat.ts';
import { UserSearch } from './user-search.tsx';

/**
 * /messages/new and /create/message: pick someone on the campus and open the
 * chat with them (reused or new, spec 2 §4). `?to={username}` starts at once
 * (links from posts and profiles); `?share={postId}` puts that post in the
 * chosen chat's composer (spec 2 §4 'Sharing a post into a chat').
 */
export function NewMessageScreen() {
  const [searchParams] = useSearchParams();
  const to = searchParams.get('to');
  const sharePostId = searchParams.get('share') ?? undefined;
  const startChat = useStartChat();
  const { showAlert } = useAlerts();
  const [isBusy, setIsBusy] = useState(false);
  const handledTo = useRef<string | null>(null);

  useEffect(() => {
    if (!to || handledTo.current === to) return;
    handledTo.current = to;
    setIsBusy(true);
    fetchRecipient(to)
      .then((profile) => startChat(profile.id, { sharePostId, replace: true }))
      .catch((error: unknown) =>
        showAlert(error instanceof ApiRequestError ? error.message : CHAT_MESSAGES.somethingWentWrong, 'danger'),
      )
      .finally(() => setIsBusy(false));
  }, [sharePostId, showAlert, startChat, to]);

  async function choose(user: AuthorDto) {
    setIsBusy(true);
    const isOpened = await startChat(user.id, { sharePostId });
    if (!isOpened) setIsBusy(false);
  }

  return (
    <section className="card messages-pane new-message" aria-labelledby="new-message-title">
      <header className="conversation__head">
        <Link to="/messages" className="icon-button conversation__back" aria-label="Back to messages">
          <Icon name="back" />
        </Link>
        <h1 id="new-message-title" className="new-message__title">
          {sharePostId ? 'Share in a message' : 'New Message'}
        </h1>
      </header>
      <div className="new-message__body">
        <UserSearch onChoose={(user) => void choose(user)} isBusy={isBusy} />
      </div>
    </section>
  );
}
