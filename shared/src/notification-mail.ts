/**
 * The notification e-mail's words and addresses (spec 2 §4, issue 21; decision
 * 033), shared by the server that sends and serves them and the settings page.
 */

/** The settings page with the 'E-mail notifications' switch. */
export const NOTIFICATION_SETTINGS_PATH = '/settings/account/notifications';

export const NOTIFICATION_MAIL_MESSAGES = {
  confirmQuestion: 'Stop notification e-mails?',
  confirmBody: 'You will no longer get e-mails about new messages, comments, replies and saves of your posts.',
  confirmButton: 'Unsubscribe',
  unsubscribed: 'You will no longer get notification e-mails',
  turnBackOn: 'You can turn them back on at any time in Settings.',
  badLink: 'This unsubscribe link is not valid. You can turn notification e-mails off in Settings instead.',
  switchLabel: 'E-mail notifications',
  switchHint: 'Get an e-mail about new messages, comments, replies and saves of your posts.',
} as const;
