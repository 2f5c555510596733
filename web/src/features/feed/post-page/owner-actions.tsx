import type { PostDto, PostResponse } from '@campus/shared/post-api';
import { POST_MESSAGES } from '@campus/shared/post-rules';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAlerts } from '../../../lib/alerts/alerts-context.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { useApiAction } from '../../../lib/forms/use-api-action.ts';
import { Modal } from '../../../lib/modal.tsx';

/** The owner's controls (spec 2 §2 menu Delete; issue 4: mark sold and edit the price). */
export function OwnerActions({ post, onChanged }: { post: PostDto; onChanged: () => void }) {
  const [isDeleting, setIsDeleting] = useState(false);
  const [isEditing, setIsEditing] = useState(false);
  const [price, setPrice] = useState(post.price === null ? '' : String(post.price));
  const { run, isPending } = useApiAction();
  const { showAlert } = useAlerts();
  const navigate = useNavigate();

  async function update(body: Record<string, unknown>) {
    const result = await run(() => apiRequest<PostResponse>(`/api/posts/${post.id}`, { method: 'PATCH', json: body }));
    if (result) onChanged();
    return Boolean(result);
  }

  async function remove() {
    const done = await run(() => apiRequest(`/api/posts/${post.id}`, { method: 'DELETE' }));
    if (!done) return;
    showAlert(POST_MESSAGES.postDeleted, 'okay');
    navigate('/home', { replace: true });
  }

  return (
    <div className="owner-actions">
      <button
        type="button"
        className="button button--outline button--small"
        disabled={isPending}
        onClick={() => update({ isSold: !post.isSold })}
      >
        {post.isSold ? 'Mark Available' : 'Mark Sold'}
      </button>
      <button type="button" className="button button--outline button--small" onClick={() => setIsEditing(true)}>
        Edit price
      </button>
      <button type="button" className="button button--outline button--small" onClick={() => setIsDeleting(true)}>
        Delete
      </button>
      {isEditing && (
        <Modal title="Edit price" onClose={() => setIsEditing(false)}>
          <label className="field">
            <span className="field__label">Price ($)</span>
            <input
              className="field__input"
              inputMode="numeric"
              value={price}
              onChange={(event) => setPrice(event.target.value.replace(/\D/g, '').slice(0, 6))}
            />
          </label>
          <button
            type="button"
            className="button button--primary"
            disabled={isPending}
            onClick={async () => (await update({ price: price === '' ? null : Number(price) })) && setIsEditing(false)}
          >
            Save
          </button>
        </Modal>
      )}
      {isDeleting && (
        <Modal title="Delete Post?" onClose={() => setIsDeleting(false)}>
          <p className="modal__text">This removes the post, its photos and its comments for everyone.</p>
          <button type="button" className="button button--primary button--block" disabled={isPending} onClick={remove}>
            Delete
          </button>
          <button type="button" className="button button--outline button--block" onClick={() => setIsDeleting(false)}>
            Cancel
          </button>
        </Modal>
      )}
    </div>
  );
}
