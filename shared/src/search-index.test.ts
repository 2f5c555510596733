import { describe, expect, it } from 'vitest';
import type { PostDto } from './post-api.ts';
import { createPostIndex } from './post-search-index.ts';
import { plainTextToRichText } from './rich-text.ts';
import { createPersonIndex, postSearchDocumentOf, postTitleOf } from './search-index.ts';

const post: PostDto = {
  id: 'p1',
  type: 'post',
  text: plainTextToRichText('Café table, solid oak\nPick up near the Union'),
  category: 'furniture',
  price: 120,
  campusId: 'ou',
  author: {
    id: 'u1',
    username: 'sofia',
    firstName: 'Sofía',
    lastName: 'Díaz',
    img: null,
    isVerified: true,
    isSchoolVerified: true,
  },
  media: [],
  commentCount: 0,
  saveCount: 0,
  isSold: false,
  createdAt: '2026-11-24T10:00:00.000Z',
  lastModified: '2026-11-24T10:00:00.000Z',
  parentId: null,
  editedAt: null,
};

describe('the shared index definition (the browser builds the same one offline)', () => {
  it('maps a PostDto to the document the server indexes, and finds it by folded words', () => {
    const document = postSearchDocumentOf(post);
    expect(document).toMatchObject({
      text: 'Café table, solid oak\nPick up near the Union',
      priceText: '120',
      authorName: 'Sofía Díaz',
      hasMedia: false,
      createdAt: Date.parse(post.createdAt),
    });
    const index = createPostIndex();
    index.add(document);
    index.markBuilt();
    for (const q of ['cafe', 'CAFÉ tab', 'diaz', 'furniture', '120', 'sofia oak']) {
      expect(index.findPage(q, () => true, 'newest', 0, 10).ids, q).toEqual(['p1']);
    }
  });

  it('finds people by folded names and usernames', () => {
    const people = createPersonIndex();
    people.add({ id: 'u1', firstName: 'Sofía', lastName: 'Díaz', username: 'sofia' });
    expect(people.search('sofia diaz').map((hit) => hit.id)).toEqual(['u1']);
  });

  it("titles a post by its first line, cut to the box's width", () => {
    expect(postTitleOf('Trek bike\nMore')).toBe('Trek bike');
    expect(postTitleOf('x'.repeat(100))).toHaveLength(80);
  });
});
