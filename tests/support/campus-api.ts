import type { CampusDto } from '@campus/shared/campus-api';
import type { FeedPageDto } from '@campus/shared/post-api';
import type { Page } from 'playwright-core';

/**
 * GET a JSON endpoint from inside the page, so the request carries the page's
 * campus host (Node cannot resolve *.localhost; Chromium can).
 */
export function fetchJsonInPage<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { cache: 'no-store' });
    if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
    return response.json();
  }, path) as Promise<T>;
}

export function fetchCampus(page: Page): Promise<CampusDto> {
  return fetchJsonInPage<CampusDto>(page, '/api/campus');
}

export function fetchFeed(page: Page): Promise<FeedPageDto> {
  return fetchJsonInPage<FeedPageDto>(page, '/api/posts/feed');
}
