/**
 * Boost requests (issue 23, decision 031): one zod schema per body, read by
 * the handler and typing the web's calls, with spec 3 §5's messages.
 */
import { AD_CTA_LABELS, AD_LIMITS, AD_MESSAGES, ANALYTICS_ACTIONS } from './ad-rules.ts';
import { z } from './zod.ts';

const titleSchema = z
  .string({ error: AD_MESSAGES.titleRequired })
  .trim()
  .min(1, AD_MESSAGES.titleRequired)
  .max(AD_LIMITS.titleMax, AD_MESSAGES.titleTooLong);

/** spec 3 §5: required, parses as a URL (https, with a host), at most 50 characters. */
const websiteSchema = z
  .string({ error: AD_MESSAGES.websiteRequired })
  .trim()
  .min(1, AD_MESSAGES.websiteRequired)
  .max(AD_LIMITS.urlMax, AD_MESSAGES.websiteTooLong)
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && url.username === '' && url.password === '';
  }, AD_MESSAGES.websiteInvalid);

const labelSchema = z.enum(AD_CTA_LABELS, { error: AD_MESSAGES.labelRequired });

const durationSchema = {
  days: z
    .number({ error: AD_MESSAGES.daysRange })
    .int(AD_MESSAGES.daysRange)
    .min(AD_LIMITS.daysMin, AD_MESSAGES.daysRange)
    .max(AD_LIMITS.daysMax, AD_MESSAGES.daysRange)
    .default(AD_LIMITS.daysDefault),
  runUntilPaused: z.boolean({ error: AD_MESSAGES.daysRange }).default(false),
  title: titleSchema.optional(),
  /**
   * The Available Funds the form showed as applied (cents; issue 35 item 3): when the server would
   * apply another amount (funds changed in another tab), it refuses rather than move unshown money.
   */
  fundsApplied: z.number({ error: AD_MESSAGES.fundsChanged }).int().min(0).max(10_000_000).optional(),
};

/** POST /api/ads: boost `postId` (spec 3 §2 Boost page); `days` is ignored when it runs until paused. */
export const createAdRequestSchema = z.discriminatedUnion(
  'goal',
  [
    z.object({
      postId: z.string({ error: AD_MESSAGES.postMissing }).min(1, AD_MESSAGES.postMissing).max(100),
      goal: z.literal('website'),
      url: websiteSchema,
      label: labelSchema,
      ...durationSchema,
    }),
    z.object({
      postId: z.string({ error: AD_MESSAGES.postMissing }).min(1, AD_MESSAGES.postMissing).max(100),
      goal: z.literal('message'),
      ...durationSchema,
    }),
  ],
  { error: AD_MESSAGES.goalRequired },
);
export type CreateAdRequest = z.input<typeof createAdRequestSchema>;

/** PATCH /api/ads/:id (spec 3 §2 Ad analytics: the title, max 50). */
export const renameAdRequestSchema = z.object({ title: titleSchema });

/**
 * POST /api/posts/:id/analytics (spec 3 §7 trackPostAnalytics): one action of
 * one page view. `pageViewId` is made by the page when it opens; the server
 * counts each action once per post, page view and viewer.
 */
export const trackAnalyticsRequestSchema = z.object({
  actionType: z.enum(ANALYTICS_ACTIONS),
  pageViewId: z.string().min(1).max(100),
});
