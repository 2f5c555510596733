import type { AdDto } from '@campus/shared/ad-api';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Statuses whose run is over: their clock reads "Expired" whatever the end time says. */
const ENDED = new Set<AdDto['status']>(['stopped', 'completed', 'rejected']);

/**
 * Milliseconds of run left (spec 3 §2): the adjusted end minus now, or minus
 * the moment of the pause while paused (a paused ad freezes the clock; resuming
 * pushes the end by the pause). Null while the ad has not started.
 */
export function adTimeLeftMs(ad: Pick<AdDto, 'status' | 'endTimeAdjusted' | 'pausedAt'>, now: number): number | null {
  if (ENDED.has(ad.status)) return 0;
  if (ad.endTimeAdjusted === null) return null;
  const clock = ad.status === 'paused' && ad.pausedAt !== null ? Date.parse(ad.pausedAt) : now;
  return Date.parse(ad.endTimeAdjusted) - clock;
}

const unit = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** "Expired" at 0 or less, else days, hours and minutes ("2 days 3 hours 15 minutes"); "--" before it starts. */
export function formatTimeLeft(ms: number | null): string {
  if (ms === null) return '--';
  if (ms <= 0) return 'Expired';
  const days = Math.floor(ms / DAY_MS);
  const hours = Math.floor((ms % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((ms % HOUR_MS) / MINUTE_MS);
  return `${unit(days, 'day')} ${unit(hours, 'hour')} ${unit(minutes, 'minute')}`;
}

/**
 * A run-until-paused ad has no end to count down to (issue 39 item 6: '0 days 23 hours 51 minutes'
 * read as if it stopped tomorrow): while it runs, when its next $5.00 day is charged; while paused,
 * that nothing is charged. Null for a fixed ad, or one not running or paused.
 */
export function nextChargeText(
  ad: Pick<AdDto, 'status' | 'runUntilPaused' | 'endTimeAdjusted'>,
  timeZone?: string,
): string | null {
  if (!ad.runUntilPaused) return null;
  if (ad.status === 'paused') return 'Nothing is charged while it is paused';
  if (ad.status !== 'active' || ad.endTimeAdjusted === null) return null;
  const at = new Date(ad.endTimeAdjusted).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  });
  return `Next $5.00 on ${at}`;
}
