import { scaled } from '@campus/shared/time-scale';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/demo-session.ts';
import { afterNextPaint, expectVisible, PHONE, reloadApp } from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

const suite = useServerAndBrowser();

// The app asks GET /api/auth/me as it opens. On a slow phone (or a loaded CI machine) that answer,
// "a visitor", can come after the student has already signed in on the login page: it must not sign
// her out again (the CI failure of composer-modal's 'Add post' that opened the sign-in gate).
describe('signing in while the first who-am-I answer is still on its way', () => {
  it('keeps the student signed in when that older answer arrives', async () => {
    const origin = suite.server.origin('ou');
    const context = await suite.browser.newContext({ viewport: PHONE });
    context.setDefaultTimeout(scaled(10_000));
    const page = await context.newPage();
    let releaseFirstAnswer = () => {};
    const signedIn = new Promise<void>((resolve) => {
      releaseFirstAnswer = resolve;
    });
    let markDelivered = () => {};
    const delivered = new Promise<void>((resolve) => {
      markDelivered = resolve;
    });
    let asked = 0;
    await page.route('**/api/auth/me', async (route) => {
      asked += 1;
      if (asked > 1) return route.continue();
      // Answered now, before the sign-in: a visitor. (This side resolves no *.localhost name.)
      const url = new URL(route.request().url());
      const headers = { ...(await route.request().allHeaders()), host: url.host };
      url.hostname = '127.0.0.1';
      const response = await route.fetch({ url: url.href, headers });
      expect(await response.json()).toEqual({ user: null });
      await signedIn;
      await route.fulfill({ response });
      markDelivered();
    });

    await signIn(page, origin, 'jordanw@ou.edu');
    expect(asked).toBe(1);
    releaseFirstAnswer();
    await delivered;
    // Let the page take the late answer in before looking.
    await afterNextPaint(page);

    await page.getByRole('link', { name: 'Add post' }).click();
    await page.waitForURL(`${origin}/create/post?goBack=home`);
    await expectVisible(page.getByRole('heading', { name: 'Create Post', level: 1 }));
    expect(await page.getByRole('dialog').count()).toBe(0);
    // A reload still knows her: the stored copy was not replaced by the older answer.
    await reloadApp(page);
    await expectVisible(page.getByRole('heading', { name: 'Create Post', level: 1 }));
    await context.close();
  });
});
