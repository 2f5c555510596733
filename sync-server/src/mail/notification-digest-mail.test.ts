import { describe, expect, it } from 'vitest';
import { notificationDigestMail } from './notification-digest-mail.ts';

const BASE = {
  firstName: 'Emily',
  campusShortName: 'OU',
  settingsUrl: 'http://ou.localhost/settings/account/notifications',
  unsubscribeUrl: 'http://ou.localhost/unsubscribe?token=abc.def',
};

describe('the notification e-mail', () => {
  it('is named by its one line, or by how many', () => {
    const line = { text: 'Marcus T. commented on your post', quote: 'Hi', url: 'http://ou.localhost/post/1' };
    expect(notificationDigestMail({ ...BASE, lines: [line] }).subject).toBe('Marcus T. commented on your post');
    expect(notificationDigestMail({ ...BASE, lines: [line, line, line] }).subject).toBe(
      '3 new notifications on OU Buy / Sell',
    );
  });

  it('escapes what people wrote, and ends with the settings and unsubscribe links', () => {
    const mail = notificationDigestMail({
      ...BASE,
      firstName: '<b>Em</b>',
      lines: [
        {
          text: 'Marcus T. sent you a message',
          quote: '<img src=x onerror=alert(1)>',
          url: 'http://ou.localhost/messages/c',
        },
      ],
    });
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('Hi &lt;b&gt;Em&lt;/b&gt;');
    expect(mail.html).toContain('href="http://ou.localhost/unsubscribe?token=abc.def"');
    expect(mail.text.split('\n').slice(-2)).toEqual([
      'Notification settings: http://ou.localhost/settings/account/notifications',
      'Unsubscribe: http://ou.localhost/unsubscribe?token=abc.def',
    ]);
  });
});
