import type { MeDto } from '@campus/shared/account-api';
import type { PostDto } from '@campus/shared/post-api';
import { plainTextToRichText } from '@campus/shared/rich-text';

/** The viewer the local-store tests write as. */
export const me = {
  id: 'u1',
  campusId: 'ou',
  firstName: 'Emily',
  lastName: 'C',
  username: 'emilyc',
  img: null,
} as MeDto;

/** A top-level post of `me` as the server answers it (tests of the device store). */
export function post(id: string, patch: Partial<PostDto> = {}): PostDto {
  return {
    id,
    type: 'post',
    text: plainTextToRichText(id),
    category: null,
    price: 10,
    campusId: 'ou',
    author: { ...me, isVerified: true, isSchoolVerified: true },
    media: [],
    commentCount: 0,
    saveCount: 2,
    isSold: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    lastModified: '2026-11-20T10:00:00.000Z',
    parentId: null,
    editedAt: null,
    isSaved: false,
    ...patch,
  };
}
