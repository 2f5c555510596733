import { useState } from 'react';
import { Icon } from './icon.tsx';

/**
 * A person's photo inside an `.avatar`, or the person icon when there is
 * none or it cannot load: offline, a photo this device never fetched is not
 * in the service worker's cache, and a broken-image mark is worse than the icon.
 */
export function AvatarImage({
  src,
  size,
  iconSize,
  alt = '',
}: {
  src: string | null | undefined;
  size: number;
  iconSize?: number;
  alt?: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) return <Icon name="user" size={iconSize} />;
  return <img src={src} alt={alt} width={size} height={size} onError={() => setFailedSrc(src)} />;
}
