import { describe, expect, it } from 'vitest';
import { notificationLink, notificationText } from './notification-text.ts';
import type { NotificationDto } from './notifications-api.ts';

function row(patch: Partial<NotificationDto>): NotificationDto {
  return {
    id: 'n1',
    type: 'comment',
    fromUser: {
      id: 'u1',
      username: 'marcust',
      firstName: 'Marcus',
      lastName: 'T.',
      img: null,
      isVerified: true,
      isSchoolVerified: true,
    },
    actorCount: 1,
    postId: 'p1',
    commentId: 'c1',
    chatId: null,
    message: 'Is it still available?',
    isRead: false,
    createdAt: '2026-11-24T10:00:00.000Z',
    updatedAt: '2026-11-24T10:00:00.000Z',
    ...patch,
  };
}

describe('a row of /notifications', () => {
  it('names the latest actor, and how many more saved a merged save row', () => {
    expect(notificationText(row({ type: 'save' }))).toBe('Marcus T. saved your post');
    expect(notificationText(row({ type: 'save', actorCount: 2 }))).toBe('Marcus T. and 1 other saved your post');
    expect(notificationText(row({ type: 'save', actorCount: 4 }))).toBe('Marcus T. and 3 others saved your post');
    expect(notificationText(row({ type: 'message', actorCount: 3, chatId: 'c' }))).toBe(
      'Marcus T. sent you 3 messages',
    );
  });

  it('opens its chat, else its post at the comment it is about', () => {
    expect(notificationLink(row({}))).toBe('/post/p1#comment-c1');
    expect(notificationLink(row({ type: 'comment reply' }))).toBe('/post/p1#comment-c1');
    expect(notificationLink(row({ type: 'save', commentId: null }))).toBe('/post/p1');
    expect(notificationLink(row({ type: 'new chat', postId: null, commentId: null, chatId: 'chat9' }))).toBe(
      '/messages/chat9',
    );
  });
});
