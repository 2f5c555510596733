import type { AuthorDto, MediaDto, PostDto } from '@campus/shared/post-api';
import { plainTextToRichText } from '@campus/shared/rich-text';
import { listingTitle, pick } from './search-seed.ts';
import { createRandom, listingText, makePlaceholders, PRICED_CATEGORIES, personName } from './seed-content.ts';

const MONTH = 30 * 86_400_000;

/** What a student's device holds after weeks of scrolling: feed rows, opened post pages, saved posts. */
export interface CachedPosts {
  feed: { id: string; lastModified: string; post: PostDto }[];
  postPages: {
    id: string;
    page: { post: PostDto; thread: []; isSaved: boolean; isOwner: boolean };
    fetchedAt: number;
  }[];
  saved: { id: string; savedAt: string; post: PostDto }[];
}

/**
 * `count` top-level posts of one campus by 300 students as the feed delivers
 * them (PostDto, rich text, photos with real-size placeholders), seeded:
 * every run the same. All are in the feed; one in ten was also opened (a post
 * page, a newer copy for some) and one in forty saved.
 */
export async function seedCachedPosts(count: number, campusId: string, now = Date.now()): Promise<CachedPosts> {
  const random = createRandom(20_261_125);
  const placeholders = await makePlaceholders(16, random);
  const authors: AuthorDto[] = Array.from({ length: 300 }, (_, index) => {
    const { firstName, lastName } = personName(random);
    return {
      id: `bench-user-${index}`,
      username: `${firstName}${index}`.toLowerCase(),
      firstName,
      lastName,
      img: null,
      isVerified: true,
      isSchoolVerified: random() < 0.9,
    };
  });
  const cached: CachedPosts = { feed: [], postPages: [], saved: [] };
  for (let index = 0; index < count; index++) {
    const at = new Date(now - Math.floor(random() * MONTH)).toISOString();
    const isListing = random() < 0.8;
    const media: MediaDto[] = Array.from({ length: random() < 0.6 ? 1 + Math.floor(random() * 3) : 0 }, (_, m) => ({
      id: `bench-media-${index}-${m}`,
      kind: 'image',
      url: `/media/bench-${index}-${m}.webp`,
      thumbUrl: `/media/bench-${index}-${m}-thumb.webp`,
      width: 1080,
      height: 810,
      placeholder: pick(random, placeholders),
    }));
    const post: PostDto = {
      id: `bench-post-${index}`,
      type: 'post',
      text: plainTextToRichText(`${listingTitle(random)}\n${listingText(random)}`),
      category: isListing ? pick(random, PRICED_CATEGORIES) : null,
      price: isListing ? 1 + Math.floor(random() ** 2 * 1500) : null,
      campusId,
      author: pick(random, authors),
      media,
      commentCount: Math.floor(random() * 4),
      saveCount: Math.floor(random() * 6),
      isSold: isListing && random() < 0.1,
      createdAt: at,
      lastModified: at,
      parentId: null,
      editedAt: null,
      isSaved: false,
    };
    cached.feed.push({ id: post.id, lastModified: post.lastModified, post });
    if (index % 10 === 0) {
      const opened = index % 20 === 0 ? { ...post, commentCount: post.commentCount + 1 } : post;
      cached.postPages.push({
        id: post.id,
        page: { post: opened, thread: [], isSaved: false, isOwner: false },
        fetchedAt: now,
      });
    }
    if (index % 40 === 0) cached.saved.push({ id: post.id, savedAt: at, post: { ...post, isSaved: true } });
  }
  return cached;
}
