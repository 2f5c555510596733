import type { PostDto, SaveStateDto } from '@campus/shared/post-api';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../lib/api-client.ts';
import { useApiAction } from '../../lib/forms/use-api-action.ts';
import { useViewer } from '../auth/use-viewer.ts';
import type { PostCardProps } from './post-card.tsx';

/**
 * What a signed-in member can do on a post card (spec 2 §4 Save toggle;
 * Comment opens the thread). Visitors get no handlers, so the card asks them
 * to sign in. `onSaved` applies the answered state wherever the post is kept.
 */
export function usePostCardActions(onSaved: (postId: string, state: SaveStateDto) => void) {
  const viewer = useViewer();
  const navigate = useNavigate();
  const { run } = useApiAction();

  const toggleSave = useCallback(
    async (postId: string, isSaved: boolean) => {
      const state = await run(() =>
        apiRequest<SaveStateDto>(`/api/posts/${postId}/save`, { method: isSaved ? 'DELETE' : 'PUT' }),
      );
      if (state) onSaved(postId, state);
    },
    [onSaved, run],
  );

  const actionsFor = useCallback(
    (post: PostDto, isSaved = post.isSaved ?? false): Pick<PostCardProps, 'onToggleSave' | 'onComment'> =>
      viewer
        ? { onToggleSave: () => void toggleSave(post.id, isSaved), onComment: () => navigate(`/post/${post.id}`) }
        : {},
    [navigate, toggleSave, viewer],
  );

  return { actionsFor };
}
