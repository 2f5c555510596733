import type { PostDto } from '@campus/shared/post-api';
import { POST_MESSAGES } from '@campus/shared/post-rules';
import { useEffect, useState } from 'react';
import { ApiRequestError } from '../../lib/api-client.ts';
import { fetchCommentTarget } from './api.ts';

export type CommentTargetState =
  | { status: 'loading' }
  | { status: 'unavailable'; message: string }
  /** `rootId`: the top-level post, which the comment endpoint is called on. */
  | { status: 'ready'; target: PostDto; rootId: string };

/** Threads are shallow; the bound only stops a broken chain from looping. */
const MAX_DEPTH = 50;

function unavailableText(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 404) return POST_MESSAGES.postMissing;
  if (error instanceof ApiRequestError && error.status === 410) return POST_MESSAGES.postGone;
  return error instanceof ApiRequestError ? error.message : POST_MESSAGES.somethingWentWrong;
}

/**
 * The post or comment that /create/comment/{id} answers, and the top-level
 * post above it (spec 2 §7 "post by id (walk the parent chain)").
 */
export function useCommentTarget(targetId: string): CommentTargetState {
  const [state, setState] = useState<CommentTargetState>({ status: 'loading' });
  useEffect(() => {
    let isCurrent = true;
    async function load() {
      try {
        const { post: target } = await fetchCommentTarget(targetId);
        let rootId = target.id;
        let parentId = target.parentId;
        for (let depth = 0; parentId !== null && depth < MAX_DEPTH; depth += 1) {
          const { post: parent } = await fetchCommentTarget(parentId);
          rootId = parent.id;
          parentId = parent.parentId;
        }
        if (isCurrent) setState({ status: 'ready', target, rootId });
      } catch (error) {
        if (isCurrent) setState({ status: 'unavailable', message: unavailableText(error) });
      }
    }
    setState({ status: 'loading' });
    void load();
    return () => {
      isCurrent = false;
    };
  }, [targetId]);
  return state;
}
