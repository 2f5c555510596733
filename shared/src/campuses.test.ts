import { describe, expect, it } from 'vitest';
import { CAMPUSES, campusIdForHost, productionCampusIdForHost } from './campuses.ts';

describe('campusIdForHost', () => {
  it('maps each campus sub-domain of localhost to its campus', () => {
    for (const campus of CAMPUSES) {
      expect(campusIdForHost(`${campus.subdomain}.localhost:8080`)).toBe(campus.id);
    }
  });

  it('maps sub-domains of the configured production domain, case-insensitively', () => {
    expect(campusIdForHost('UTEXAS.CampusBuySell.app', 'campusbuysell.app')).toBe('ut');
    expect(campusIdForHost('www.ou.campusbuysell.app', 'campusbuysell.app')).toBe('ou');
    expect(campusIdForHost('utexas.evil.example', 'campusbuysell.app')).toBe('ou');
  });

  it('falls back to OU for localhost, addresses, empty and unknown hosts (spec 1 §1)', () => {
    for (const host of [
      'localhost',
      'localhost:8080',
      '127.0.0.1:8080',
      '[::1]:8080',
      '',
      undefined,
      'nope.localhost',
    ]) {
      expect(campusIdForHost(host)).toBe('ou');
    }
  });
});

describe('the campus catalogue', () => {
  it('has every campus of spec 1 §1 once, with unique ids and sub-domains', () => {
    const shortNames = CAMPUSES.map((campus) => campus.shortName);
    for (const name of ['Campus', 'OU', 'UT', 'SMU', 'UF', 'UCLA', 'Stanford', 'Duke', 'OKState', 'TAMU', 'MIT']) {
      expect(shortNames).toContain(name);
    }
    for (const name of ['Harvard', 'UCF', 'FSU', 'UNT', 'UK', 'Ole Miss', 'OSU', 'LSU', 'NYU', 'ASU']) {
      expect(shortNames).toContain(name);
    }
    expect(new Set(CAMPUSES.map((campus) => campus.id)).size).toBe(CAMPUSES.length);
    expect(new Set(CAMPUSES.map((campus) => campus.subdomain)).size).toBe(CAMPUSES.length);
  });

  it('keeps the spec values: domains, cities, launch dates, privacy', () => {
    const byId = new Map(CAMPUSES.map((campus) => [campus.id, campus]));
    expect(byId.get('ou')).toMatchObject({
      emailDomains: ['ou.edu'],
      city: 'Norman',
      state: 'OK',
      launchDate: '2022-08-22',
    });
    expect(byId.get('ut')).toMatchObject({ emailDomains: ['utexas.edu'], city: 'Austin', launchDate: '2023-11-18' });
    expect(byId.get('uf')).toMatchObject({ emailDomains: ['ufl.edu'], city: 'Gainesville', launchDate: '2024-09-10' });
    expect(byId.get('campus')).toMatchObject({ city: 'Dallas', state: 'Texas', isGeneric: true });
    expect(CAMPUSES.filter((campus) => !campus.isGeneric).every((campus) => campus.privacy === 'private')).toBe(true);
  });
});

// issue 42: in production a request for any host, example.org included, was served as OU.
describe('productionCampusIdForHost', () => {
  const base = 'campusbuysell.app';

  it('maps each site under the domain, and the domain itself and www. to the generic site', () => {
    for (const campus of CAMPUSES)
      expect(productionCampusIdForHost(`${campus.subdomain}.${base}`, base)).toBe(campus.id);
    expect(productionCampusIdForHost('UTEXAS.CampusBuySell.app:443', base)).toBe('ut');
    expect(productionCampusIdForHost(base, base)).toBe('campus');
    expect(productionCampusIdForHost(`www.${base}`, base)).toBe('campus');
  });

  it('answers no campus for any other host: never a school', () => {
    for (const host of [
      'example.org',
      'ou.example.org',
      'ou.localhost:8080',
      'localhost',
      '127.0.0.1:8080',
      '[::1]',
      '',
      undefined,
      `nope.${base}`,
      `ou.${base}.evil.example`,
      `evilcampusbuysell.app`,
    ]) {
      expect(productionCampusIdForHost(host, base), String(host)).toBeNull();
    }
  });
});
