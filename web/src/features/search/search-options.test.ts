import type { SearchSuggestionDto } from '@campus/shared/search-api';
import { describe, expect, it } from 'vitest';
import { searchGroupsOf, searchTextOf } from './search-options.ts';

const person: SearchSuggestionDto = {
  kind: 'person',
  user: {
    id: 'u1',
    username: 'marcus',
    firstName: 'Marcus',
    lastName: 'T.',
    img: null,
    isVerified: true,
    isSchoolVerified: true,
  },
};
const post: SearchSuggestionDto = { kind: 'post', postId: 'p1', title: 'Trek FX 2 hybrid bike' };

describe('what the dropdown lists (spec 1 §2 "Search box")', () => {
  it('with nothing typed: the first 4 popular searches, then My Recent, with flat indexes', () => {
    const groups = searchGroupsOf({
      query: ' ',
      recent: ['desk', 'lamp'],
      popular: ['bike', 'couch', 'tv', 'ps5', 'books'],
      suggestions: [post],
    });
    expect(groups.map((group) => [group.label, group.start, group.options.length])).toEqual([
      ['Popular', 0, 4],
      ['My Recent', 4, 2],
    ]);
    expect(groups[0]?.options.map(searchTextOf)).toEqual(['bike', 'couch', 'tv', 'ps5']);
  });

  it('while typing: recent searches that start with the words first, then the suggestions', () => {
    const groups = searchGroupsOf({
      query: 'Bi',
      recent: ['bike lock', 'desk', 'BIKE', 'bikes', 'bike pump'],
      popular: ['bike'],
      suggestions: [post, person],
    });
    expect(groups.map((group) => group.label)).toEqual(['My Recent', 'Suggestions']);
    expect(groups[0]?.options.map(searchTextOf)).toEqual(['bike lock', 'BIKE', 'bikes']);
    expect(groups[1]?.start).toBe(3);
    expect(groups[1]?.options.map(searchTextOf)).toEqual(['Trek FX 2 hybrid bike', null]);
  });

  it("searches a long title without the '…' it was cut with", () => {
    expect(searchTextOf({ kind: 'post', postId: 'p2', title: 'Trek FX 2 hybrid bike, size M. New tubes…' })).toBe(
      'Trek FX 2 hybrid bike, size M. New tubes',
    );
  });

  it('has no group at all when there is nothing to offer', () => {
    expect(searchGroupsOf({ query: '', recent: [], popular: [], suggestions: [] })).toEqual([]);
    expect(searchGroupsOf({ query: 'zz', recent: ['desk'], popular: ['bike'], suggestions: [] })).toEqual([]);
  });
});
