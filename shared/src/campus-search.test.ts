import { describe, expect, it } from 'vitest';
import { searchCampuses } from './campus-search.ts';
import { CAMPUSES } from './campuses.ts';

const ids = (query: string) => searchCampuses(CAMPUSES, query, 20).map((campus) => campus.id);

describe('searchCampuses (spec 2 School finder, decision 036)', () => {
  it("finds every Texas school for 'Texas': by name first, then by state", () => {
    const found = ids('Texas');
    expect(found.slice(0, 3).sort()).toEqual(['tamu', 'unt', 'ut']);
    expect(found).toContain('smu'); // Dallas, TX: the state's name matches too
    expect(found).not.toContain('campus'); // the generic site is not a school
    expect(found).not.toContain('ou');
  });

  it('matches as you type: a prefix of the name, short name, city or state', () => {
    expect(ids('stan')).toEqual(['stanford']);
    expect(ids('gaines')).toEqual(['uf']);
    expect(ids('OU')[0]).toBe('ou');
    expect(ids('cambr').sort()).toEqual(['harvard', 'mit']);
    expect(ids('florida').sort()).toEqual(['fsu', 'ucf', 'uf']);
  });

  it('forgives a typo in a word of four letters or more', () => {
    expect(ids('Stamford')).toEqual(['stanford']);
    expect(ids('texsa')).toContain('ut');
    expect(ids('Oklahmoa').sort()).toEqual(['okstate', 'ou']);
  });

  it('needs every word, ignores case, accents and punctuation', () => {
    expect(ids('texas austin')).toEqual(['ut']);
    expect(ids('TEXAS A&M')[0]).toBe('tamu');
    expect(ids('Mississíppi')).toEqual(['olemiss']);
    expect(ids('  ')).toEqual([]);
    expect(ids('zzzz qqqq')).toEqual([]);
  });

  it('does not stretch short words into others', () => {
    expect(ids('osu')).toEqual(['osu']);
    expect(ids('xyz')).toEqual([]);
  });

  it('stops at the limit', () => {
    expect(searchCampuses(CAMPUSES, 'university', 3)).toHaveLength(3);
  });
});
