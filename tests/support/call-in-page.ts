import type { Page } from 'playwright-core';

/** A JSON call from inside the page, as its signed-in student would make it: the status and the parsed body. */
export function callInPage(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ([verb, url, json]) => {
      const response = await fetch(url, {
        method: verb,
        headers: { 'content-type': 'application/json' },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    [method, path, body] as const,
  );
}
