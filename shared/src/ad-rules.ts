/** Boosts and ads: the spec's constants, labels and messages (spec 3 §4, §5, §8, §9). */

/** spec 3 §9: $5 per day, in cents. */
export const AD_PRICE_PER_DAY_CENTS = 5 * 100;
export const DAY_MINUTES = 24 * 60;
export const DAY_MS = DAY_MINUTES * 60 * 1000;

export const AD_LIMITS = {
  /** spec 3 §9: duration 1 to 30 days, default 1. */
  daysMin: 1,
  daysMax: 30,
  daysDefault: 1,
  /** spec 3 §9: ad title and link URL max 50 characters. */
  titleMax: 50,
  urlMax: 50,
  /** spec 3 §1: one ad after every 4th post. */
  postsBetweenAds: 4,
} as const;

/** spec 3 §9: amount_budgeted = days x 5 x 100 cents. */
export function amountBudgetedCents(days: number): number {
  return days * AD_PRICE_PER_DAY_CENTS;
}

/**
 * What a new boost draws from Available Funds (decision 040): a fixed boost as much of its budget
 * as the funds cover. Run until paused pays day 1 as it pays every day, whole: from the funds when
 * they hold a day's price (its checkout then only saves a card for later days), else by card.
 */
export function fundsAppliedCents(availableFunds: number, budget: number, isRunUntilPaused: boolean): number {
  if (isRunUntilPaused) return availableFunds >= budget ? budget : 0;
  return Math.min(availableFunds, budget);
}

/** A cut shorter than this would lose most of the title: a single long word is cut where the limit falls. */
const MIN_WORD_CUT = 20;

/**
 * An ad's title when the student gives none (spec 3 §4: from the post's text, at most 50
 * characters): whitespace folded, cut at the last word boundary that fits, with no trailing space
 * or punctuation left hanging (issue 39 item 3: '…tall. Cannot', '…3 brigh').
 */
export function defaultAdTitle(postText: string): string {
  const text = postText.replace(/\s+/g, ' ').trim();
  if (text.length <= AD_LIMITS.titleMax) return text;
  const head = text.slice(0, AD_LIMITS.titleMax + 1);
  const boundary = head.lastIndexOf(' ');
  const cut = boundary >= MIN_WORD_CUT ? head.slice(0, boundary) : text.slice(0, AD_LIMITS.titleMax);
  return cut.replace(/[\s,;:.\-–—(]+$/u, '');
}

/** spec 3 §9: duration_minutes = days x 24 x 60. */
export function durationMinutes(days: number): number {
  return days * DAY_MINUTES;
}

/** spec 3 §2 Boost page: estimated daily reach. */
export const AD_REACH = {
  fixed: '590 - 1,500',
  runUntilPaused: '980 - 2,600',
} as const;

export const AD_STATUSES = [
  'checkout',
  'in review',
  'scheduled',
  'active',
  'paused',
  'stopped',
  'completed',
  'rejected',
] as const;
export type AdStatus = (typeof AD_STATUSES)[number];

/** spec 3 §4: the label each status shows. */
export const AD_STATUS_LABELS: Record<AdStatus, string> = {
  checkout: 'Not Paid',
  'in review': 'In Review',
  scheduled: 'Scheduled',
  active: 'Running',
  paused: 'Paused',
  stopped: 'Stopped',
  completed: 'Completed',
  rejected: 'Rejected',
};

/** spec 3 §2 Boost page: a post with an ad in one of these is already boosted. */
export const AD_IN_PROGRESS_STATUSES: readonly AdStatus[] = ['active', 'paused', 'scheduled', 'in review'];

/** spec 3 §2 Analytics: these show "--" instead of numbers. */
export const AD_UNPAID_STATUSES: readonly AdStatus[] = ['checkout', 'scheduled', 'in review'];

/** spec 3 §2 Boost page: button label options (default Visit Website). */
export const AD_CTA_LABELS = ['Visit Website', 'Learn More', 'Shop Now', 'Book Now', 'Sign Up'] as const;
export const AD_CTA_TYPES = ['website', 'message'] as const;
export type AdCtaType = (typeof AD_CTA_TYPES)[number];

/** spec 3 §7 trackPostAnalytics action types (external_click is sent as external_link_click). */
export const ANALYTICS_ACTIONS = [
  'view',
  'direct_message',
  'copied_link',
  'external_link_click',
  'profile_visit',
] as const;
export type AnalyticsAction = (typeof ANALYTICS_ACTIONS)[number];

/** spec 3 §4: alerts stored for the next page (the web keeps them; the server answers the codes). */
export const AD_STORED_ALERTS = {
  alreadyBoosted: 'already_boosted',
  cancelledAd: 'cancelled_ad',
  activedAd: 'actived_ad',
} as const;

/** spec 3 §5, §8 word for word; the last group is ours where the spec gives no text. */
export const AD_MESSAGES = {
  websiteRequired: 'Website is required.',
  websiteInvalid: 'Website URL must have https & www.',
  labelRequired: 'Button label is required.',
  somethingWentWrong: 'Something went wrong',
  checkoutFailed: 'Something Went Wrong. Please logout and try again.',
  resumeFailed: 'Failed to pause ad',
  activateFailed: 'Failed to activate ad',
  pauseFailed: 'Failed to pause ad',
  stopFailed: 'Failed to stop ad',
  alreadyStopped: 'Ad is already stopped',
  onlyActivePause: 'Only active ads can be paused',
  onlyPausedResume: 'Only paused ads can be resumed',
  notFound: 'Ad not found',
  deleted: 'Sorry, that ad has been deleted.',
  postMissing: "Hmm...this page doesn't exist. Try searching for something else.",
  processing: 'Ad is being processed',
  resumed: 'Ad Resumed!',
  paused: 'Ad paused successfully',
  stopped: 'Ad stopped.',
  saved: 'Saved changes!',
  // Ours (spec gives no text): decision 040.
  titleRequired: 'Give the ad a title.',
  titleTooLong: 'Please keep the title to 50 characters.',
  websiteTooLong: 'Please keep the website to 50 characters.',
  daysRange: 'Choose 1 to 30 days.',
  goalRequired: 'Choose a boost goal.',
  alreadyBoosted: 'This post already has an ad.',
  notPaid: 'The payment has not gone through yet.',
  stoppedUnpaid: "Stopped: your card was declined for the next day's $5. Boost again to keep the post in the feed.",
  notCheckout: 'This checkout is already finished.',
  boostsUnavailable: 'Boosts are not available on this server.',
  checkoutOpen: 'A checkout for this post is already open. Finish it there, or try again in a moment.',
  /** Not in the spec (issue 35 item 3): the funds the form showed are not the funds there are now. */
  fundsChanged: 'Your Available Funds changed. Check the amounts and boost again.',
  paidToFunds: 'This post was already boosted, so your payment went to your Available Funds.',
  badSignature: 'The webhook signature does not match.',
} as const;
