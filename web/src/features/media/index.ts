/**
 * The public entry of media: the 3-column grid the search page's Media tab reuses (issue 22).
 * Named re-exports only (decision 029).
 */
export { MediaGrid } from './media-grid.tsx';
export { MediaGridSkeleton } from './media-grid-skeleton.tsx';
