import { POST_MESSAGES } from '@campus/shared/post-rules';
import { useCallback, useId, useRef, useState } from 'react';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import { useDismiss } from '../../lib/use-dismiss.ts';

export interface ProfileMenuProps {
  /** Report and Block need a signed-in viewer looking at someone else (spec 2 §2: visitors get Copy link only). */
  canModerate: boolean;
  isBlocked: boolean;
  onReport: () => void;
  onToggleBlock: () => void;
}

/** The profile's ⋯ menu. */
export function ProfileMenu({ canModerate, isBlocked, onReport, onToggleBlock }: ProfileMenuProps) {
  const [isOpen, setIsOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const { showAlert } = useAlerts();

  const close = useCallback(() => setIsOpen(false), []);
  useDismiss(root, isOpen, close);

  function choose(action: () => void) {
    setIsOpen(false);
    action();
  }

  async function copyLink() {
    try {
      // The profile itself, without the tab the viewer happens to be on.
      await navigator.clipboard.writeText(`${window.location.origin}${window.location.pathname}`);
      showAlert(POST_MESSAGES.copied, 'okay');
    } catch {
      showAlert(POST_MESSAGES.somethingWentWrong, 'danger');
    }
  }

  return (
    <div className="profile-menu" ref={root}>
      <button
        type="button"
        className="icon-button profile-menu__toggle"
        aria-label="More options"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((value) => !value)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {isOpen && (
        <div id={panelId} className="card profile-menu__panel">
          <button type="button" className="profile-menu__item" onClick={() => choose(() => void copyLink())}>
            Copy link
          </button>
          {canModerate && (
            <>
              <button type="button" className="profile-menu__item" onClick={() => choose(onReport)}>
                Report
              </button>
              <button
                type="button"
                className="profile-menu__item profile-menu__item--danger"
                onClick={() => choose(onToggleBlock)}
              >
                {isBlocked ? 'Unblock' : 'Block'}
              </button>
            </>
          )}
        </div>
      )}
    </div>
  );
}
