import type { NotificationDto } from './notifications-api.ts';

/** What the sentence and the link need: a row of /notifications, or one of a notification e-mail (decision 033). */
type NotificationFacts = Pick<NotificationDto, 'type' | 'actorCount' | 'postId' | 'chatId'> & {
  fromUser: Pick<NotificationDto['fromUser'], 'firstName' | 'lastName' | 'username'>;
};

/**
 * What a row of /notifications, a line of a notification e-mail and a push say
 * (spec 2 §9 types; the spec gives no sentences, so these are ours). `name` is the latest actor; a merged row
 * names how many more there were.
 */
export function notificationText(notification: NotificationFacts): string {
  const actor = `${notification.fromUser.firstName} ${notification.fromUser.lastName}`;
  const others = notification.actorCount - 1;
  const who = others > 0 ? `${actor} and ${others} ${others === 1 ? 'other' : 'others'}` : actor;
  const times = notification.actorCount;
  switch (notification.type) {
    case 'save':
      return `${who} saved your post`;
    case 'comment':
      return `${actor} commented on your post`;
    case 'comment reply':
      return `${actor} replied to your comment`;
    case 'post interaction':
      return times > 1 ? `${times} new replies on your post` : `${actor} replied in a thread on your post`;
    case 'comment interaction':
      return times > 1
        ? `${times} new comments on a post you commented on`
        : `${actor} also commented on a post you commented on`;
    case 'message':
      return times > 1 ? `${actor} sent you ${times} messages` : `${actor} sent you a message`;
    case 'message like':
      return `${actor} liked your message`;
    case 'new chat':
      return `${actor} started a conversation with you`;
  }
}

/** Where a row goes: its chat, or its post (with the comment to show in it). */
export function notificationLink(notification: NotificationFacts): string {
  if (notification.chatId) return `/messages/${notification.chatId}`;
  if (notification.postId) return `/post/${notification.postId}`;
  return `/${notification.fromUser.username}`;
}
