/**
 * The public entry of boosts (decision 029, decision 043): what the post page shows of a post's ads.
 * The Boost, Success and Cancel screens are loaded by app/lazy-screens.ts.
 */
export { PostAdActions } from './post-ad-actions.tsx';
export { usePostAds } from './use-post-ads.ts';
