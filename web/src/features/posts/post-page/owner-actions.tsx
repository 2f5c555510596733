import type { PostDto } from '@campus/shared/post-api';
import { useOutboxActions } from '../../../local/use-outbox-actions.ts';
import { useOutboxSubmit } from '../../../local/use-outbox-submit.ts';

/**
 * The owner's controls under the post (issue 4: mark sold and back; edit
 * text, price and category). Delete is in the post's ⋯ menu (spec 2 §2).
 */
export function OwnerActions({
  post,
  onChanged,
  onEdit,
}: {
  post: PostDto;
  onChanged: (post: PostDto) => void;
  onEdit: () => void;
}) {
  const { submit, isPending } = useOutboxSubmit();
  const { updatePost } = useOutboxActions();

  // Through the outbox (issue 5): offline, the mark shows at once and is sent later.
  async function toggleSold() {
    const outcome = await submit(() => updatePost(post.id, { isSold: !post.isSold }));
    if (outcome !== 'refused') onChanged({ ...post, isSold: !post.isSold });
  }

  return (
    <div className="owner-actions">
      <button type="button" className="button button--outline button--small" disabled={isPending} onClick={toggleSold}>
        {post.isSold ? 'Mark Available' : 'Mark Sold'}
      </button>
      <button type="button" className="button button--outline button--small" onClick={onEdit}>
        Edit post
      </button>
    </div>
  );
}
