import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';

/** Paths remembered; any client can send any path, so the map is emptied when full. */
const MAX_PATHS = 1_000;

/**
 * Hono's own router (the SmartRouter `new Hono()` makes) with its answers
 * remembered per method and path. The app's routes mix fixed and :param
 * segments (/posts/feed beside /posts/:id), which RegExpRouter refuses, so
 * the TrieRouter does the work, and its walk through ~120 routes was ~4 µs of
 * every request (issue 25). A match depends on nothing but the method and
 * path, and Hono only reads it. Routes are all added before the first match.
 */
export function cachedRouter<T>(router: Router<T> = defaultRouter<T>()): Router<T> {
  const matches = new Map<string, Result<T>>();
  return {
    name: `cached ${router.name}`,
    add(method, path, handler) {
      matches.clear();
      router.add(method, path, handler);
    },
    match(method, path) {
      const key = `${method} ${path}`;
      let result = matches.get(key);
      if (result === undefined) {
        result = router.match(method, path);
        if (matches.size >= MAX_PATHS) matches.clear();
        matches.set(key, result);
      }
      return result;
    },
  };
}

function defaultRouter<T>(): Router<T> {
  return new SmartRouter<T>({ routers: [new RegExpRouter<T>(), new TrieRouter<T>()] });
}
