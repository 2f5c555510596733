import type { ProfileRequest } from '@campus/shared/account-requests';
import { uuidv7 } from '@campus/shared/ids';
import type { MediaDto } from '@campus/shared/post-api';
import type { CreateCommentRequest, CreatePostRequest, UpdatePostRequest } from '@campus/shared/post-requests';
import type { RichTextDocument } from '@campus/shared/rich-text';
import { useCallback, useMemo } from 'react';
import { useViewer } from '../app/session/use-viewer.ts';
import { LOCAL_API } from './api.ts';
import type { LocalFile } from './local-db.ts';
import { useLocalSyncIfReady, useLocalSyncReady } from './local-sync-context.tsx';
import type { Outbox } from './outbox.ts';

/**
 * The writes of issue 5, each stored in the outbox first and sent when the
 * server can be reached. Every one answers the mutation id at once; screens
 * show the pending version from the outbox until the server's comes back.
 */
export function useOutboxActions() {
  // Awaited, not read at render: a post card (in /home's first paint) offers Save before the runtime loads.
  const local = useLocalSyncIfReady();
  const ready = useLocalSyncReady();
  const loadedOutbox = local?.outbox;
  const loadedDrainNow = local?.drainNow;
  const viewer = useViewer();
  const userId = viewer?.id ?? '';

  const queue = useCallback(
    async (mutation: Parameters<Outbox['enqueue']>[0]) => {
      const { outbox, drainNow } =
        loadedOutbox && loadedDrainNow ? { outbox: loadedOutbox, drainNow: loadedDrainNow } : await ready;
      const entry = await outbox.enqueue(mutation);
      void drainNow();
      return entry.id;
    },
    [loadedDrainNow, loadedOutbox, ready],
  );

  const createPost = useCallback(
    (request: Omit<CreatePostRequest, 'clientId' | 'uploadIds'>, files: LocalFile[], uploaded: MediaDto[] = []) => {
      const id = uuidv7();
      // Files already uploaded while online are claimed by id; the rest travel as Blobs.
      const body: CreatePostRequest = { ...request, clientId: id, uploadIds: uploaded.map((media) => media.id) };
      return queue({
        id,
        userId,
        kind: 'post.create',
        postId: id,
        rootId: null,
        method: 'POST',
        path: LOCAL_API.posts,
        body,
        files,
        media: uploaded,
      });
    },
    [queue, userId],
  );

  const createComment = useCallback(
    (rootId: string, text: RichTextDocument, parentId?: string) => {
      const id = uuidv7();
      const body: CreateCommentRequest = {
        clientId: id,
        text,
        ...(parentId && parentId !== rootId ? { parentId } : {}),
      };
      return queue({
        id,
        userId,
        kind: 'comment.create',
        postId: id,
        rootId,
        method: 'POST',
        path: LOCAL_API.comments(rootId),
        body,
      });
    },
    [queue, userId],
  );

  const setSaved = useCallback(
    (postId: string, isSaved: boolean) =>
      queue({
        id: uuidv7(),
        userId,
        kind: 'save.set',
        postId,
        rootId: null,
        method: isSaved ? 'PUT' : 'DELETE',
        path: LOCAL_API.save(postId),
        body: undefined,
      }),
    [queue, userId],
  );

  const updatePost = useCallback(
    (postId: string, patch: UpdatePostRequest) =>
      queue({
        id: uuidv7(),
        userId,
        kind: 'post.update',
        postId,
        rootId: null,
        method: 'PATCH',
        path: LOCAL_API.post(postId),
        body: patch,
      }),
    [queue, userId],
  );

  const deletePost = useCallback(
    (postId: string, rootId: string | null = null) =>
      queue({
        id: uuidv7(),
        userId,
        kind: 'post.delete',
        postId,
        rootId,
        method: 'DELETE',
        path: LOCAL_API.post(postId),
        body: undefined,
      }),
    [queue, userId],
  );

  const updateProfile = useCallback(
    (body: ProfileRequest) =>
      queue({
        id: uuidv7(),
        userId,
        kind: 'profile.update',
        postId: userId,
        rootId: null,
        method: 'PUT',
        path: LOCAL_API.profile,
        body,
      }),
    [queue, userId],
  );

  const updatePhoto = useCallback(
    (file: File) => {
      const id = uuidv7();
      return queue({
        id,
        userId,
        kind: 'profile.photo',
        postId: userId,
        rootId: null,
        method: 'POST',
        path: LOCAL_API.profilePhoto,
        body: undefined,
        files: [{ id, name: file.name, type: file.type, blob: file, uploadId: null, field: 'photo' }],
      });
    },
    [queue, userId],
  );

  return useMemo(
    () => ({ createPost, createComment, setSaved, updatePost, deletePost, updateProfile, updatePhoto }),
    [createComment, createPost, deletePost, setSaved, updatePost, updateProfile, updatePhoto],
  );
}
