import type { UploadDto } from '@campus/shared/post-api';
import { Icon } from '../../lib/icon.tsx';

export interface PendingUpload {
  key: string;
  name: string;
  progress: number;
  /** Kept on the device while offline; uploaded when the post is sent (issue 5). */
  isWaiting?: boolean;
}

export interface PhotoStripProps {
  uploads: UploadDto[];
  pending: PendingUpload[];
  onMove: (index: number, offset: -1 | 1) => void;
  onMakeCover: (index: number) => void;
  onRemove: (index: number) => void;
}

/**
 * The composer's photos: upload progress for files still sending, then each
 * photo with move left/right, 'Make cover' and remove (issue 4: reorder and
 * choose the cover). The first photo is the cover the feed shows.
 */
export function PhotoStrip({ uploads, pending, onMove, onMakeCover, onRemove }: PhotoStripProps) {
  if (uploads.length === 0 && pending.length === 0) return null;
  return (
    <ul className="photo-strip" aria-label="Photos">
      {uploads.map((upload, index) => (
        <li key={upload.id} className="photo-strip__item">
          {upload.kind === 'video' ? (
            <video
              src={upload.url}
              poster={upload.thumbUrl !== upload.url ? upload.thumbUrl : undefined}
              muted
              playsInline
              className="photo-strip__media"
              aria-label={`Video ${index + 1}`}
            />
          ) : (
            <img
              src={upload.thumbUrl}
              alt={`Attachment ${index + 1}`}
              className="photo-strip__media"
              style={upload.placeholder ? { backgroundImage: `url("${upload.placeholder}")` } : undefined}
            />
          )}
          {index === 0 && <span className="photo-strip__cover">Cover</span>}
          <div className="photo-strip__actions">
            <button
              type="button"
              className="icon-button icon-button--small"
              aria-label={`Move photo ${index + 1} left`}
              disabled={index === 0}
              onClick={() => onMove(index, -1)}
            >
              ‹
            </button>
            {index > 0 && (
              <button type="button" className="photo-strip__make-cover" onClick={() => onMakeCover(index)}>
                Make cover
              </button>
            )}
            <button
              type="button"
              className="icon-button icon-button--small"
              aria-label={`Move photo ${index + 1} right`}
              disabled={index === uploads.length - 1}
              onClick={() => onMove(index, 1)}
            >
              ›
            </button>
          </div>
          <button
            type="button"
            className="photo-strip__remove"
            aria-label={`Remove photo ${index + 1}`}
            onClick={() => onRemove(index)}
          >
            <Icon name="close" size={14} />
          </button>
        </li>
      ))}
      {pending.map((item) => (
        <li key={item.key} className="photo-strip__item photo-strip__item--pending">
          <span className="photo-strip__name">{item.name}</span>
          {item.isWaiting ? (
            <span className="pending-mark">Waiting for connection…</span>
          ) : (
            <progress max={1} value={item.progress} aria-label={`Uploading ${item.name}`} />
          )}
        </li>
      ))}
    </ul>
  );
}
