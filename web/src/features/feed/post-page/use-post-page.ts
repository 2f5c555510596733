import type { PostDto, PostPageDto, SaveStateDto } from '@campus/shared/post-api';
import { POST_MESSAGES } from '@campus/shared/post-rules';
import { useCallback, useEffect, useState } from 'react';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';

export type PostPageState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'deleted' }
  | { status: 'error'; message: string }
  | { status: 'ready'; page: PostPageDto };

/** GET /api/posts/:id with the page's states: 404 missing, 410 deleted (spec 2 §2). */
export function usePostPage(postId: string) {
  const [state, setState] = useState<PostPageState>({ status: 'loading' });

  const reload = useCallback(async () => {
    try {
      const page = await apiRequest<PostPageDto>(`/api/posts/${encodeURIComponent(postId)}`);
      setState({ status: 'ready', page });
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) setState({ status: 'missing' });
      else if (error instanceof ApiRequestError && error.status === 410) setState({ status: 'deleted' });
      else
        setState({
          status: 'error',
          message: error instanceof ApiRequestError ? error.message : 'Something went wrong',
        });
    }
  }, [postId]);

  useEffect(() => {
    setState({ status: 'loading' });
    void reload();
  }, [reload]);

  /** Applies a save the viewer made to the page (usePostCardActions' onSaved). */
  const applySave = useCallback((_postId: string, saved: SaveStateDto) => {
    setState((current) =>
      current.status === 'ready'
        ? {
            status: 'ready',
            page: {
              ...current.page,
              isSaved: saved.isSaved,
              post: { ...current.page.post, likeCount: saved.likeCount },
            },
          }
        : current,
    );
  }, []);

  /** Shows the post as an edit or a sold mark answered it (PATCH answers the post as the viewer sees it). */
  const applyPost = useCallback((post: PostDto) => {
    setState((current) =>
      current.status === 'ready' ? { status: 'ready', page: { ...current.page, post } } : current,
    );
  }, []);

  return { state, reload, applySave, applyPost };
}

/** The text for a post that cannot be shown (spec 2 §2 / §8). */
export function postUnavailableText(
  state: Exclude<PostPageState, { status: 'ready' } | { status: 'loading' }>,
): string {
  if (state.status === 'deleted') return POST_MESSAGES.postGone;
  if (state.status === 'missing') return POST_MESSAGES.postMissing;
  return state.message;
}
