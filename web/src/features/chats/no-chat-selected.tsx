import { Link } from 'react-router';
import { Icon } from '../../lib/icon.tsx';

/** The right-hand pane of /messages on wide screens before a conversation is chosen. */
export function NoChatSelected() {
  return (
    <section className="card messages-pane messages-pane--empty" aria-label="No conversation open">
      <span className="messages-pane__mark">
        <Icon name="message" size={32} />
      </span>
      <h2 className="empty-state__title">Your messages</h2>
      <p className="empty-state__text">Pick a conversation, or start a new one with someone on your campus.</p>
      <Link to="/messages/new" className="button button--primary">
        New message
      </Link>
    </section>
  );
}
