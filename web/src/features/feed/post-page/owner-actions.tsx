import type { PostDto, PostResponse } from '@campus/shared/post-api';
import { apiRequest } from '../../../lib/api-client.ts';
import { useApiAction } from '../../../lib/forms/use-api-action.ts';

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
  const { run, isPending } = useApiAction();

  async function toggleSold() {
    const result = await run(() =>
      apiRequest<PostResponse>(`/api/posts/${post.id}`, { method: 'PATCH', json: { isSold: !post.isSold } }),
    );
    if (result) onChanged(result.post);
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
