import type { Config } from '../config.ts';
import { fullBucket, refill, type TokenBucket, type TokenRate } from '../http/token-bucket.ts';

/**
 * How many messages (and likes) one member may store, across all their chats
 * (issue 18 item 4, decision 019): a token bucket per user, `burst` tokens
 * that refill at `perMinute` a minute. An update needs min(its count, burst)
 * tokens and takes its count, so a backlog written offline (at most
 * MAX_MESSAGES_PER_UPDATE) still goes through in one step 2, and leaves the
 * bucket in debt: over time a member stores no more than `perMinute` a minute.
 */
export interface ChatMessageRate {
  burst: number;
  perMinute: number;
}

export const DEFAULT_CHAT_MESSAGE_RATE: ChatMessageRate = { burst: 30, perMinute: 60 };

export function chatMessageRateOf(config: Pick<Config, 'chatMessageBurst' | 'chatMessagesPerMinute'>): ChatMessageRate {
  return { burst: config.chatMessageBurst, perMinute: config.chatMessagesPerMinute };
}

/** One update may add at most this many messages; a larger one is refused (a frame is also ≤ 1 MB). */
export const MAX_MESSAGES_PER_UPDATE = 100;

export type ChatMessageLimiter = ReturnType<typeof createChatMessageLimiter>;

export function createChatMessageLimiter(rate: ChatMessageRate, clock: () => number = Date.now) {
  const buckets = new Map<string, TokenBucket>();
  const tokenRate: TokenRate = { burst: rate.burst, perMs: rate.perMinute / 60_000 };

  function bucketOf(userId: string): TokenBucket {
    const now = clock();
    let bucket = buckets.get(userId);
    if (!bucket) {
      if (buckets.size >= 10_000) prune(now);
      bucket = fullBucket(tokenRate, now);
      buckets.set(userId, bucket);
    } else {
      refill(bucket, tokenRate, now);
    }
    return bucket;
  }

  /** Full buckets say nothing a new one would not: forgotten, so the map stays small. */
  function prune(now: number) {
    for (const [userId, bucket] of buckets) {
      if (refill(bucket, tokenRate, now) >= rate.burst) buckets.delete(userId);
    }
  }

  return {
    /** Takes `count` tokens if the bucket holds min(count, burst); false (nothing taken) if not. */
    take(userId: string, count: number): boolean {
      if (count <= 0) return true;
      const bucket = bucketOf(userId);
      if (bucket.tokens < Math.min(count, rate.burst)) return false;
      bucket.tokens -= count;
      return true;
    },
    /** Whether the member may send a message now (a chat socket is refused while not: 429). */
    canSend(userId: string): boolean {
      return bucketOf(userId).tokens >= 1;
    },
  };
}
