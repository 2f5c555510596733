import { Icon } from '../../../lib/icon.tsx';

/** spec 2 §2: an empty thread says 'Be the first to comment' with 'Create A Comment'. */
export function EmptyThread({ onCreateComment }: { onCreateComment: () => void }) {
  return (
    <div className="empty-thread">
      <Icon name="comment" size={28} />
      <p className="empty-thread__title">Be the first to comment</p>
      <button type="button" className="button button--primary button--small" onClick={onCreateComment}>
        Create A Comment
      </button>
    </div>
  );
}
