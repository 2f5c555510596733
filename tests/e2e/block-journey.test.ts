import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage } from '../support/demo-session.ts';
import { DESKTOP, expectVisible, gotoApp, PHONE, saveScreenshot } from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';
import { toggleBlockFromProfile } from '../support/profile-page.ts';

const suite = useServerAndBrowser();

/** Demo content (sync-server/src/demo/demo-content.ts): Emily's sofa, with Sofia's and Jordan's comments. */
const SOFA = 'Grey 3-seat sofa';
const SOFIA_COMMENT = 'Would you take $90?';
const JORDAN_COMMENT = 'Does it fit through a normal door?';

/**
 * Opens the feed and waits until its cards (by author) include every name of
 * `shown` and none of `hidden`: the feed may paint a kept copy before the
 * server's fresh page, so one early look could be stale.
 */
async function expectFeed(page: Page, origin: string, { shown, hidden }: { shown: string[]; hidden: string[] }) {
  await gotoApp(page, `${origin}/home`);
  const cards = page.locator('main article.post-card');
  await expectVisible(cards.first());
  const authors = () => cards.evaluateAll((articles) => articles.map((article) => article.getAttribute('aria-label')));
  await expect
    .poll(async () => {
      const labels = await authors();
      return (
        shown.every((name) => labels.includes(`${name}'s post`)) &&
        hidden.every((name) => !labels.includes(`${name}'s post`))
      );
    })
    .toBe(true);
}

// Issue 4 blocks (sync-server/src/blocks): a block hides each user's posts and comments from the other.
describe('a block between two students on ou.localhost', () => {
  it('hides the blocked student’s posts and comments from the blocker, and the blocker’s from them, until unblocked', async () => {
    const origin = suite.server.origin('ou');
    const emily = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', DESKTOP);
    const sofia = await signedInPage(suite.browser, origin, 'sofiar@ou.edu', PHONE);

    // Before: each sees the other's posts, and Sofia's comment on Emily's sofa.
    await expectFeed(emily.page, origin, { shown: ['Sofia R.', 'Marcus T.'], hidden: [] });
    await expectFeed(sofia.page, origin, { shown: ['Emily C.', 'Marcus T.'], hidden: [] });
    const sofa = emily.page.getByRole('article').filter({ hasText: SOFA });
    await sofa.locator('a.post-card__meta').click();
    await emily.page.waitForURL(/\/post\//);
    const sofaUrl = emily.page.url();
    const comments = emily.page.getByRole('region', { name: 'Comments' });
    await expectVisible(comments.getByText(SOFIA_COMMENT));
    await expectVisible(comments.getByText(JORDAN_COMMENT));

    // Emily blocks Sofia from Sofia's profile menu.
    await toggleBlockFromProfile(emily.page, origin, 'sofiar', 'Block');
    await expectVisible(emily.page.getByText('· Blocked'));
    await expectVisible(emily.page.getByText('No Posts', { exact: true }));
    await saveScreenshot(emily.page, 'block-profile-1280');

    // Emily's feed and thread lose Sofia; everyone else stays.
    await expectFeed(emily.page, origin, { shown: ['Marcus T.', 'Emily C.'], hidden: ['Sofia R.'] });
    await gotoApp(emily.page, sofaUrl);
    await expectVisible(comments.getByText(JORDAN_COMMENT));
    await expect.poll(() => comments.getByText(SOFIA_COMMENT).count()).toBe(0);

    // Sofia, blocked, loses Emily the same way: feed, profile lists, and the post itself.
    await expectFeed(sofia.page, origin, { shown: ['Marcus T.', 'Sofia R.'], hidden: ['Emily C.'] });
    await gotoApp(sofia.page, `${origin}/emilyc`);
    await expectVisible(sofia.page.getByRole('heading', { name: 'Emily C.', level: 1 }));
    await expectVisible(sofia.page.getByText('No Posts', { exact: true }));
    await gotoApp(sofia.page, sofaUrl);
    await expectVisible(sofia.page.getByText("Hmm...this page doesn't exist. Try searching for something else."));
    await saveScreenshot(sofia.page, 'block-blocked-post-390');

    // Emily unblocks: both see each other again.
    await toggleBlockFromProfile(emily.page, origin, 'sofiar', 'Unblock');
    expect(await emily.page.getByText('· Blocked').count()).toBe(0);
    await expectVisible(emily.page.getByRole('article').first());
    await expectFeed(emily.page, origin, { shown: ['Sofia R.'], hidden: [] });
    await gotoApp(emily.page, sofaUrl);
    await expectVisible(comments.getByText(SOFIA_COMMENT));
    await expectFeed(sofia.page, origin, { shown: ['Emily C.'], hidden: [] });
    await gotoApp(sofia.page, sofaUrl);
    await expectVisible(sofia.page.getByRole('article').filter({ hasText: SOFA }));

    await emily.context.close();
    await sofia.context.close();
  });
});
