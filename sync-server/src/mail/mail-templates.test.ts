import { describe, expect, it } from 'vitest';
import { passwordResetMail, signInLinkMail, verificationCodeMail } from './mail-templates.ts';

const HOSTILE_CAMPUS = '<script>alert("x")</script>';
const HOSTILE_URL = 'http://ou.localhost/login/sent?email=a@ou.edu&next="><script>alert(1)</script>';

describe('verificationCodeMail', () => {
  it('has the subject from spec 1 §7 and says the code expires after two hours', () => {
    const mail = verificationCodeMail({ code: '4821', campusShortName: 'OU' });
    expect(mail.subject).toBe('4821 is your OU Buy / Sell verification code');
    expect(mail.text).toContain('4821');
    expect(mail.text).toContain('expires after two hours');
    expect(mail.html).toContain('>4821</p>');
    expect(mail.html).toContain('expires after two hours');
  });

  it('escapes the campus name in the HTML but keeps the subject and text literal', () => {
    const mail = verificationCodeMail({ code: '1000', campusShortName: HOSTILE_CAMPUS });
    expect(mail.subject).toBe(`1000 is your ${HOSTILE_CAMPUS} Buy / Sell verification code`);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });
});

describe('signInLinkMail', () => {
  const url = 'http://ou.localhost/login/sent?email=ana%40ou.edu&token=abc123';

  it('has the exact subject, a button to the URL and the expiry and ignore notes', () => {
    const mail = signInLinkMail({ url, campusShortName: 'UT' });
    expect(mail.subject).toBe('Sign in to UT Buy / Sell');
    expect(mail.html).toContain(`href="${url.replace(/&/g, '&amp;')}"`);
    expect(mail.text).toContain(url);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('expires in 1 hour');
      expect(part).toContain('you can ignore this e-mail');
    }
  });

  it('escapes a hostile URL and campus name in the HTML; the text part keeps the URL as is', () => {
    const mail = signInLinkMail({ url: HOSTILE_URL, campusShortName: HOSTILE_CAMPUS });
    expect(mail.html).not.toContain('<script>');
    // The attribute value stays one attribute: the quote cannot close href.
    expect(mail.html).toContain(
      'href="http://ou.localhost/login/sent?email=a@ou.edu&amp;next=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"',
    );
    expect(mail.text).toContain(HOSTILE_URL);
  });
});

describe('passwordResetMail', () => {
  const url = 'http://ou.localhost/reset-password?token=t0k3n';

  it('has the exact subject, a link to the URL and says the link works once for 1 hour', () => {
    const mail = passwordResetMail({ url, campusShortName: 'OU' });
    expect(mail.subject).toBe('Reset your OU Buy / Sell password');
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.text).toContain(url);
    expect(mail.text).toContain('works once and expires in 1 hour');
  });

  it('escapes a hostile URL in the HTML', () => {
    const mail = passwordResetMail({ url: HOSTILE_URL, campusShortName: 'OU' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain(HOSTILE_URL);
  });
});
