import { photoSrcSet } from '@campus/shared/photo-sizes';
import type { MediaDto } from '@campus/shared/post-api';
import { useState } from 'react';

/**
 * A post photo that shows its blurred placeholder until the real image has
 * loaded (spec 2 §7: "a blur placeholder while loading"), with the intrinsic
 * size reserved so the feed does not jump.
 */
export interface MediaImageProps {
  media: MediaDto;
  alt: string;
  sizes: string;
  /** Fill the grid cell instead of keeping the photo's own aspect ratio (multi-photo layouts). */
  isFill?: boolean;
  /**
   * The first screen's largest photo (issue 25): fetched at once at high priority and shown as it
   * arrives, without the fade-in that would hold its paint until the script has seen it load.
   */
  isPriority?: boolean;
}

/** Videos uploaded before posters were made (issue 18) have the video itself as their thumbnail. */
function posterOf(media: MediaDto): string | undefined {
  return media.thumbUrl !== media.url ? media.thumbUrl : undefined;
}

export function MediaImage({ media, alt, sizes, isFill = false, isPriority = false }: MediaImageProps) {
  const [isLoaded, setIsLoaded] = useState(false);
  if (media.kind === 'video') {
    // spec 2, media display: videos loop, autoplay muted; the poster frame shows until one plays.
    return (
      <div
        className={isFill ? 'media-image media-image--fill' : 'media-image'}
        style={{ aspectRatio: isFill || !media.width ? undefined : `${media.width} / ${media.height}` }}
      >
        <video
          src={media.url}
          poster={posterOf(media)}
          aria-label={alt}
          width={media.width || undefined}
          height={media.height || undefined}
          preload="metadata"
          muted
          loop
          autoPlay
          playsInline
        />
      </div>
    );
  }
  return (
    <div
      className={isFill ? 'media-image media-image--fill' : 'media-image'}
      style={{
        aspectRatio: isFill ? undefined : `${media.width} / ${media.height}`,
        backgroundImage: media.placeholder && !isLoaded ? `url("${media.placeholder}")` : undefined,
      }}
    >
      <img
        src={media.thumbUrl}
        srcSet={photoSrcSet(media)}
        sizes={sizes}
        width={media.width}
        height={media.height}
        alt={alt}
        loading={isPriority ? 'eager' : 'lazy'}
        fetchPriority={isPriority ? 'high' : undefined}
        decoding={isPriority ? 'sync' : 'async'}
        className={isLoaded || isPriority ? 'is-loaded' : undefined}
        onLoad={() => setIsLoaded(true)}
      />
    </div>
  );
}
