import { CHAT_MESSAGES } from '@campus/shared/chat-api';
import { formatPrice } from '@campus/shared/display-format';
import type { PostDto } from '@campus/shared/post-api';
import { richTextToPlainText } from '@campus/shared/rich-text';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ApiRequestError } from '../../lib/api-client.ts';
import { fetchSharedPost } from './api.ts';

type SharedPostState =
  | { status: 'loading' }
  | { status: 'gone' }
  | { status: 'error' }
  | { status: 'found'; post: PostDto };

/** Posts read once per page load: a chat can share the same post many times. */
const cache = new Map<string, Promise<PostDto | null>>();

function loadPost(postId: string): Promise<PostDto | null> {
  let request = cache.get(postId);
  if (!request) {
    request = fetchSharedPost(postId).then(
      (page) => page.post,
      (error: unknown) => {
        cache.delete(postId);
        // spec 2 §8: a deleted (410) or unknown (404) post reads '* Post deleted **'.
        if (error instanceof ApiRequestError && (error.status === 404 || error.status === 410)) return null;
        throw error;
      },
    );
    cache.set(postId, request);
  }
  return request;
}

/** A post shared into the chat, as a small card linking to it. */
export function SharedPostCard({ postId }: { postId: string }) {
  const [state, setState] = useState<SharedPostState>({ status: 'loading' });
  useEffect(() => {
    let isCurrent = true;
    loadPost(postId).then(
      (post) => isCurrent && setState(post ? { status: 'found', post } : { status: 'gone' }),
      () => isCurrent && setState({ status: 'error' }),
    );
    return () => {
      isCurrent = false;
    };
  }, [postId]);

  if (state.status === 'gone') return <p className="shared-post shared-post--gone">{CHAT_MESSAGES.postDeleted}</p>;
  if (state.status !== 'found') {
    return (
      <Link to={`/post/${postId}`} className="shared-post shared-post--loading" aria-busy={state.status === 'loading'}>
        {state.status === 'error' ? 'Shared post' : ''}
      </Link>
    );
  }
  const { post } = state;
  const thumb = post.media[0];
  return (
    <Link to={`/post/${post.id}`} className="shared-post">
      {thumb && <img className="shared-post__thumb" src={thumb.thumbUrl} alt="" width={56} height={56} />}
      <span className="shared-post__body">
        <span className="shared-post__author">
          {post.author.firstName} {post.author.lastName}
          {post.price !== null && <span className="shared-post__price"> · {formatPrice(post.price)}</span>}
        </span>
        <span className="shared-post__text">{richTextToPlainText(post.text)}</span>
      </span>
    </Link>
  );
}
