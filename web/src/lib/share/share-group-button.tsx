import type { CampusDto } from '@campus/shared/campus-api';
import { Icon } from '../icon.tsx';
import { useShare } from './use-share.tsx';

/**
 * 'Share Group' (spec 1 §6: shown to logged-in, fully verified members; the
 * caller checks): shares the campus site's address, like a post's Share.
 */
export function ShareGroupButton({ campus, className = '' }: { campus: CampusDto; className?: string }) {
  const { share, shareDialog } = useShare();
  return (
    <>
      <button
        type="button"
        className={`button button--outline button--block ${className}`}
        aria-haspopup="dialog"
        onClick={() => share({ campus })}
      >
        <Icon name="share" size={18} />
        Share Group
      </button>
      {shareDialog}
    </>
  );
}
