/**
 * Boost answers (issue 23, decision 040): zod-free DTOs the web reads. Money
 * is always integer cents (spec 3 §2 Payments: stored in cents, shown in dollars).
 */
import type { AdCtaType, AdStatus } from './ad-rules.ts';
import type { PostDto } from './post-api.ts';

interface AdCtaDto {
  type: AdCtaType;
  /** The website (type website); null for a message ad. */
  url: string | null;
  /** The button label (type website); null for a message ad. */
  label: string | null;
}

interface AdBudgetDto {
  /** spec 3 §9: days x 1440; for run until paused one day (the daily budget). */
  durationMinutes: number;
  /** spec 3 §9: days x 500 cents; for run until paused 500, the daily budget. */
  amountBudgeted: number;
  /** Cents spent so far: grows by 500 at the start of each running day. */
  totalSpent: number;
}

export interface AdDto {
  id: string;
  postId: string;
  title: string;
  status: AdStatus;
  /** spec 3 §4 label of the status, e.g. 'Running'. */
  statusLabel: string;
  cta: AdCtaDto;
  targeting: { locations: string[]; interests: string[]; schoolYears: string[] };
  budget: AdBudgetDto;
  runUntilPaused: boolean;
  /** ISO times; null until paid. */
  startTime: string | null;
  /** Pushed by every pause; for run until paused, the end of the last day paid for. */
  endTimeAdjusted: string | null;
  pausedAt: string | null;
  /** Why a stopped ad stopped when its owner did not stop it: its next day could not be charged. */
  stopReason: 'payment_failed' | null;
  /** Milliseconds paused in total (resumed pauses). */
  timePaused: number;
  /** The checkout session the ad was paid (or is being paid) through. */
  checkoutSessionId: string | null;
  createdAt: string;
  lastModified: string;
}

/** POST /api/ads → 201 */
export interface CreateAdResponse {
  ad: AdDto;
  /** Where the browser goes to pay: Stripe's hosted page, or the built-in test-mode page. */
  checkoutUrl: string;
  msg: string;
}

/** GET /api/ads/:id, POST …/pause|resume|stop, PATCH /api/ads/:id, POST /api/ads/checkout/:sessionId/confirm */
export interface AdResponse {
  ad: AdDto;
  msg?: string;
}

/** GET /api/ads (the viewer's, newest first; `?postId=` for one post's). */
export interface AdListResponse {
  ads: AdDto[];
}

/** GET /api/ads/funds: Available Funds in cents. */
export interface FundsResponse {
  availableFunds: number;
}

/** One running ad of the campus with its post, as other students see it in the feed. */
export interface FeedAdDto {
  id: string;
  postId: string;
  cta: AdCtaDto;
  /** The device drops the ad from its cached feed once this has passed (isAdRunning). */
  endTimeAdjusted: string;
  status: 'active';
  post: PostDto;
}

/** GET /api/ads/feed: the campus's running ads, oldest boost first; the feed inserts them with interleaveAds. */
export interface FeedAdsResponse {
  ads: FeedAdDto[];
}

/** GET /api/ads/:id/analytics (spec 3 §2 Ad analytics): the ad's post's counts; null while unpaid (the web shows "--"). */
export interface AdAnalyticsDto {
  views: number;
  accountsReached: number;
  directMessages: number;
  copiedLink: number;
  externalLinkClicks: number;
  profileVisits: number;
}

/** One UTC day of the ad's run (decision 046): `day` is 'YYYY-MM-DD'. */
export interface AdDayViewsDto {
  day: string;
  views: number;
}

export interface AdAnalyticsResponse {
  analytics: AdAnalyticsDto | null;
  /**
   * Views per UTC day over the ad's run window, from the day it started to the day it ended (or
   * today), every day present (0 when none); empty while unpaid or not started.
   */
  viewsPerDay: AdDayViewsDto[];
}
