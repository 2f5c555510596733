import type { PostDto, SaveStateDto } from '@campus/shared/post-api';
import { POST_MESSAGES } from '@campus/shared/post-rules';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useIsCampusMember } from '../../app/session/use-campus-member.ts';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import { useOutboxActions } from '../../local/use-outbox-actions.ts';
import type { PostCardProps } from './post-card-props.ts';

/**
 * What a signed-in member can do on a post card (spec 2 §4 Save toggle;
 * Comment opens the thread). Visitors and students who are not members here
 * get no handlers, so the card opens the gate instead of a refused save. A save goes through the outbox (issue 5), so it works offline;
 * `onSaved` shows the new state, once the outbox holds it, wherever the screen keeps the post,
 * and a save (not an unsave) says 'Post saved.' at once, online or not: the
 * outbox sends it when it can (spec 2 §8 Successes; docs/decisions/027).
 */
export function usePostCardActions(onSaved: (postId: string, state: SaveStateDto) => void) {
  const isMember = useIsCampusMember();
  const navigate = useNavigate();
  const { setSaved } = useOutboxActions();
  const { showAlert } = useAlerts();

  const toggleSave = useCallback(
    (post: PostDto, isSaved: boolean) => {
      // 'Saved!' once the outbox holds the save: shown before IndexedDB committed it, a page left at
      // once (a reload, a closed tab) lost the save while the card had said it was kept.
      void setSaved(post.id, !isSaved).then(() => {
        onSaved(post.id, { isSaved: !isSaved, saveCount: Math.max(0, post.saveCount + (isSaved ? -1 : 1)) });
        if (!isSaved) showAlert(POST_MESSAGES.postSaved, 'okay');
      });
    },
    [onSaved, setSaved, showAlert],
  );

  const actionsFor = useCallback(
    (post: PostDto, isSaved = post.isSaved ?? false): Pick<PostCardProps, 'onToggleSave' | 'onComment'> =>
      isMember ? { onToggleSave: () => toggleSave(post, isSaved), onComment: () => navigate(`/post/${post.id}`) } : {},
    [navigate, toggleSave, isMember],
  );

  return { actionsFor };
}
