import { describe, it } from 'vitest';
import { signedInPage } from '../support/demo-session.ts';
import { DESKTOP, expectVisible, gotoApp, openPage, PHONE } from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

const suite = useServerAndBrowser();

// spec 2 §2 Profile, Saved page and /post/{id}/likes, by the demo students of ou.localhost.
describe('profiles, saves and likers on ou.localhost', () => {
  it('shows a profile with its tabs and a tab’s empty state to a visitor', async () => {
    const origin = suite.server.origin('ou');
    const { page, context } = await openPage(suite.browser, `${origin}/marcust`);
    await expectVisible(page.getByRole('heading', { name: 'Marcus T.', level: 1 }));
    await expectVisible(page.getByText('@marcust', { exact: true }));
    const tabs = page.getByRole('navigation', { name: 'Profile' });
    await expectVisible(tabs.getByRole('link', { name: 'Posts' }));
    await expectVisible(page.getByRole('article').first());
    await tabs.getByRole('link', { name: 'Likes' }).click();
    await page.waitForURL(`${origin}/marcust?show=likes`);
    await expectVisible(page.getByText('No Likes', { exact: true }));
    // spec 2 §2: a visitor's menu has Copy link only.
    await page.getByRole('button', { name: 'More options' }).click();
    await expectVisible(page.getByRole('button', { name: 'Copy link' }));
    await gotoApp(page, `${origin}/no-such-student`);
    await expectVisible(page.getByText('This page doesn’t exist.', { exact: true }));
    await context.close();
  });

  it('shows the saved empty texts to a student who saved nothing', async () => {
    const origin = suite.server.origin('ou');
    const { page, context } = await signedInPage(suite.browser, origin, 'priyas@ou.edu', PHONE);
    await gotoApp(page, `${origin}/saved`);
    await expectVisible(page.getByText('You haven’t liked any posts yet', { exact: true }));
    await expectVisible(page.getByText('When you like a post, it’ll show up here.', { exact: true }));
    await context.close();
  });

  it('lists a saved post on /saved and its saver on the likers page', async () => {
    const origin = suite.server.origin('ou');
    const saver = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', DESKTOP);
    await gotoApp(saver.page, `${origin}/marcust`);
    const listing = saver.page.getByRole('article').first();
    await expectVisible(listing);
    const postHref = await listing.locator('a.post-card__meta').getAttribute('href');
    await listing.getByRole('button', { name: /^Save/ }).click();
    await expectVisible(listing.getByRole('button', { name: /^Saved!/ }));
    await gotoApp(saver.page, `${origin}/saved`);
    await expectVisible(saver.page.getByRole('article', { name: "Marcus T.'s post" }));
    await expectVisible(saver.page.getByText("You've reached the end.", { exact: true }));

    const owner = await signedInPage(suite.browser, origin, 'marcust@ou.edu', PHONE);
    await gotoApp(owner.page, `${origin}${postHref}/likes`);
    const people = owner.page.getByRole('list', { name: 'People who saved this post' });
    await expectVisible(people.getByText('Emily C.', { exact: true }));
    await expectVisible(people.getByRole('link', { name: 'Message Emily C.' }));
    await saver.context.close();
    await owner.context.close();
  });

  it('reports another student with the spec’s thank-you', async () => {
    const origin = suite.server.origin('ou');
    const { page, context } = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', DESKTOP);
    await gotoApp(page, `${origin}/priyas`);
    await page.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('button', { name: 'Report' }).click();
    await page.getByLabel('What happened?').fill('Asked me to pay outside the app.');
    await page.getByRole('dialog').getByRole('button', { name: 'Report' }).click();
    await expectVisible(page.locator('.alert', { hasText: 'User Reported. Thanks for letting us know.' }));
    await context.close();
  });
});
