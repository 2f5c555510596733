import type { PostPageDto } from '@campus/shared/post-api';
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

  return { state, reload, setState };
}
