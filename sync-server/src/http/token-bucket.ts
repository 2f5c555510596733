/**
 * A token bucket: `burst` tokens that refill at `perMs` a millisecond. The
 * chat socket's message rate and presence rate both use it (decision 019).
 */
export interface TokenBucket {
  tokens: number;
  at: number;
}

export interface TokenRate {
  burst: number;
  perMs: number;
}

export function fullBucket(rate: TokenRate, now: number): TokenBucket {
  return { tokens: rate.burst, at: now };
}

/** Adds what the time since the last refill earned (up to the burst) and answers the tokens held. */
export function refill(bucket: TokenBucket, rate: TokenRate, now: number): number {
  bucket.tokens = Math.min(rate.burst, bucket.tokens + (now - bucket.at) * rate.perMs);
  bucket.at = now;
  return bucket.tokens;
}
