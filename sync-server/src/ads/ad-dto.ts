import type { AdDto } from '@campus/shared/ad-api';
import { AD_STATUS_LABELS } from '@campus/shared/ad-rules';
import type { AdRow } from '../db/schema.ts';

function isoOrNull(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

interface StoredTargeting {
  locations?: string[];
  interests?: string[];
  school_years?: string[];
}

/** An `ads` row as the web reads it (shared/src/ad-api.ts). */
export function toAdDto(row: AdRow): AdDto {
  const targeting = JSON.parse(row.targeting_json) as StoredTargeting;
  return {
    id: row.id,
    postId: row.post_id,
    title: row.title,
    status: row.status,
    statusLabel: AD_STATUS_LABELS[row.status],
    cta: { type: row.cta_type, url: row.cta_url, label: row.cta_label },
    targeting: {
      locations: targeting.locations ?? [],
      interests: targeting.interests ?? [],
      schoolYears: targeting.school_years ?? [],
    },
    budget: {
      durationMinutes: row.duration_minutes,
      amountBudgeted: row.amount_budgeted,
      totalSpent: row.total_spent,
    },
    runUntilPaused: row.run_until_pause === 1,
    startTime: isoOrNull(row.start_time),
    endTimeAdjusted: isoOrNull(row.end_time_adjusted),
    pausedAt: isoOrNull(row.paused_at),
    stopReason: row.stop_reason,
    timePaused: row.time_paused,
    checkoutSessionId: row.checkout_session_id,
    createdAt: row.created_at,
    lastModified: row.last_modified,
  };
}
