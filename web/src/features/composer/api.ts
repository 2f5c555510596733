import type { PostPageDto } from '@campus/shared/post-api';
import { apiRequest } from '../../lib/api-client.ts';

/**
 * The composer's calls to the API. Posts and comments themselves are sent by
 * the outbox (local/use-outbox-actions.ts); photos by the one upload client
 * (lib/upload-file.ts).
 */

/** GET /api/posts/:id: the post or comment a comment answers, and its thread. */
export function fetchCommentTarget(id: string): Promise<PostPageDto> {
  return apiRequest<PostPageDto>(`/api/posts/${encodeURIComponent(id)}`);
}
