/**
 * Every migration, in order. Listed statically (not read from the folder) so
 * the same list works under tsx, Vitest and a bundler. Add new files at the end;
 * never edit or reorder a migration that has shipped.
 */
import type { Migration, MigrationProvider } from 'kysely';
import * as campusesAndUsers from './2026-11-21T1000-campuses-and-users.ts';
import * as postsAndMedia from './2026-11-21T1100-posts-and-media.ts';
import * as accounts from './2026-11-21T1200-accounts.ts';
import * as postsSocial from './2026-11-21T1300-posts-social.ts';
import * as sync from './2026-11-21T1400-sync.ts';
import * as chats from './2026-11-21T1500-chats.ts';
import * as chatReadNotices from './2026-11-22T1000-chat-read-notices.ts';
import * as uploadsChatClaim from './2026-11-22T1100-uploads-chat-claim.ts';
import * as chatUpdateBatches from './2026-11-22T1200-chat-update-batches.ts';
import * as chatInboxSeq from './2026-11-22T1300-chat-inbox-seq.ts';
import * as chatUpdatesRowidSeq from './2026-11-22T1400-chat-updates-rowid-seq.ts';
import * as saves from './2026-11-24T1000-saves.ts';
import * as notifications from './2026-11-25T1000-notifications.ts';
import * as notificationMail from './2026-11-26T1000-notification-mail.ts';
import * as pushSubscriptions from './2026-11-26T1100-push-subscriptions.ts';
import * as notificationJobs from './2026-11-26T1200-notification-jobs.ts';
import * as search from './2026-11-27T1000-search.ts';
import * as siteHandoffs from './2026-11-28T0900-site-handoffs.ts';
import * as ads from './2026-11-28T1000-ads.ts';
import * as adStopReason from './2026-11-29T1000-ad-stop-reason.ts';
import * as feedGeneration from './2026-11-29T1100-feed-generation.ts';
import * as testCheckoutSessions from './2026-11-30T1000-test-checkout-sessions.ts';
import * as feedGenerationBlocks from './2026-11-30T1100-feed-generation-blocks.ts';
import * as analyticsOnceADay from './2026-12-01T1000-analytics-once-a-day.ts';
import * as openCheckoutsIndex from './2026-12-01T1100-open-checkouts-index.ts';
import * as cardOnlyTestCheckouts from './2026-12-01T1200-card-only-test-checkouts.ts';
import * as activeAdsIndex from './2026-12-01T1300-active-ads-index.ts';
import * as threadRoot from './2026-12-01T1400-thread-root.ts';
import * as viewerChanges from './2026-12-01T1500-viewer-changes.ts';

const MIGRATIONS: Record<string, Migration> = {
  '2026-11-21T1000-campuses-and-users': campusesAndUsers,
  '2026-11-21T1100-posts-and-media': postsAndMedia,
  '2026-11-21T1200-accounts': accounts,
  '2026-11-21T1300-posts-social': postsSocial,
  '2026-11-21T1400-sync': sync,
  '2026-11-21T1500-chats': chats,
  '2026-11-22T1000-chat-read-notices': chatReadNotices,
  '2026-11-22T1100-uploads-chat-claim': uploadsChatClaim,
  '2026-11-22T1200-chat-update-batches': chatUpdateBatches,
  '2026-11-22T1300-chat-inbox-seq': chatInboxSeq,
  '2026-11-22T1400-chat-updates-rowid-seq': chatUpdatesRowidSeq,
  '2026-11-24T1000-saves': saves,
  '2026-11-25T1000-notifications': notifications,
  '2026-11-26T1000-notification-mail': notificationMail,
  '2026-11-26T1100-push-subscriptions': pushSubscriptions,
  '2026-11-26T1200-notification-jobs': notificationJobs,
  '2026-11-27T1000-search': search,
  '2026-11-28T0900-site-handoffs': siteHandoffs,
  '2026-11-28T1000-ads': ads,
  '2026-11-29T1000-ad-stop-reason': adStopReason,
  '2026-11-29T1100-feed-generation': feedGeneration,
  '2026-11-30T1000-test-checkout-sessions': testCheckoutSessions,
  '2026-11-30T1100-feed-generation-blocks': feedGenerationBlocks,
  '2026-12-01T1000-analytics-once-a-day': analyticsOnceADay,
  '2026-12-01T1100-open-checkouts-index': openCheckoutsIndex,
  '2026-12-01T1200-card-only-test-checkouts': cardOnlyTestCheckouts,
  '2026-12-01T1300-active-ads-index': activeAdsIndex,
  '2026-12-01T1400-thread-root': threadRoot,
  '2026-12-01T1500-viewer-changes': viewerChanges,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return MIGRATIONS;
  },
};
