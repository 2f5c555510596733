/**
 * The `sizes` of a card's photo in its grid (web/src/styles/feed.css .post-card__media): one photo spans the
 * column (the whole phone, 600 px on wider screens), two share it, and of three the first takes
 * two thirds and the others one third. With these the browser picks the 480 px thumbnail the upload
 * pipeline makes for a grid cell on most phones instead of the full 1200 px photo (issue 25).
 */
export function photoSizes(count: number, index: number): string {
  if (count <= 1) return '(max-width: 769px) 100vw, 600px';
  // Cells share the width less the grid's 3 px gap.
  if (count === 2) return '(max-width: 769px) calc((100vw - 3px) / 2), 300px';
  return index === 0 ? '(max-width: 769px) calc((100vw - 3px) * 2 / 3), 400px' : '(max-width: 769px) 33vw, 200px';
}

/** The photo's `srcset`: the 480 px thumbnail and the display file at its own width (sync-server/src/uploads/image-variants.ts). */
export function photoSrcSet(media: { thumbUrl: string; url: string; width: number }): string {
  return `${media.thumbUrl} 480w, ${media.url} ${media.width}w`;
}
