import type { FeedAdDto } from '@campus/shared/ad-api';
import type { Db } from '../db/database.ts';
import { selectPostCards, withMediaOf } from '../posts/post-card-query.ts';
import { toPostDtos } from '../posts/posts.mapper.ts';
import { toAdDto } from './ad-dto.ts';

/**
 * spec 3 §7 'Active ads for the feed': status active and end_time_adjusted
 * later than now, then each ad's post, as the viewer may see it (blocks hide
 * both ways, as in the feed). Oldest boost first, so the cycle is stable.
 */
export async function findFeedAds(
  db: Db,
  campusId: string,
  viewerId: string | null,
  now: number,
): Promise<FeedAdDto[]> {
  const ads = await db
    .selectFrom('ads')
    .selectAll()
    .where('campus_id', '=', campusId)
    .where('status', '=', 'active')
    .where('end_time_adjusted', '>', now)
    .where('deleted_at', 'is', null)
    .orderBy('start_time')
    .orderBy('id')
    .execute();
  if (ads.length === 0) return [];
  const cards = await selectPostCards(db, viewerId)
    .where(
      'posts.id',
      'in',
      ads.map((ad) => ad.post_id),
    )
    .where('posts.campus_id', '=', campusId)
    .execute();
  const { posts, media } = await withMediaOf(db, cards);
  const postById = new Map(toPostDtos(posts, media).map((post) => [post.id, post]));
  return ads.flatMap((row) => {
    const post = postById.get(row.post_id);
    const ad = toAdDto(row);
    if (!post || ad.endTimeAdjusted === null) return [];
    return [
      {
        id: ad.id,
        postId: ad.postId,
        cta: ad.cta,
        endTimeAdjusted: ad.endTimeAdjusted,
        status: 'active' as const,
        post,
      },
    ];
  });
}
