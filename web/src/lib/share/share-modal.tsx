import { POST_MESSAGES } from '@campus/shared/post-rules';
import { createPortal } from 'react-dom';
import { useAlerts } from '../alerts/alerts-context.tsx';
import { Icon } from '../icon.tsx';
import { Modal } from '../modal.tsx';
import { ShareIcon } from './share-icons.tsx';
import type { ShareTarget } from './share-target.ts';

/**
 * Instagram has no web share address (docs/decisions/027): the link is copied
 * and Instagram's direct messages open in a new tab, where it can be pasted.
 */
const INSTAGRAM_DIRECT_URL = 'https://www.instagram.com/direct/inbox/';

function mailtoHref({ subject, text, url }: ShareTarget): string {
  const body = `${text}\r\n\r\n${url}`;
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/**
 * The share modal of spec 1 §2: Email, Instagram and Copy link ('Copied to
 * clipboard', spec 2 §8), and the link itself to select by hand. Rendered in
 * <body> so a card's click handler and styles stay out of it.
 */
export function ShareModal({ target, onClose }: { target: ShareTarget; onClose: () => void }) {
  const { showAlert } = useAlerts();

  async function copyLink(): Promise<boolean> {
    try {
      await navigator.clipboard.writeText(target.url);
      showAlert(POST_MESSAGES.copied, 'okay');
      return true;
    } catch {
      showAlert(POST_MESSAGES.somethingWentWrong, 'danger');
      return false;
    }
  }

  return createPortal(
    <Modal title={target.dialogTitle} onClose={onClose}>
      <ul className="share-options">
        <li>
          <a className="share-option" href={mailtoHref(target)} onClick={onClose}>
            <span className="share-option__icon">
              <Icon name="mail" size={22} />
            </span>
            <span className="share-option__label">Email</span>
          </a>
        </li>
        <li>
          <a
            className="share-option"
            href={INSTAGRAM_DIRECT_URL}
            target="_blank"
            rel="noopener noreferrer"
            aria-describedby="share-instagram-hint"
            onClick={() => void copyLink().then((isCopied) => isCopied && onClose())}
          >
            <span className="share-option__icon share-option__icon--instagram">
              <ShareIcon name="instagram" />
            </span>
            <span className="share-option__label">
              Instagram
              <small id="share-instagram-hint" className="share-option__hint">
                Copies the link and opens Instagram: paste it in a message.
              </small>
            </span>
          </a>
        </li>
        <li>
          <button
            type="button"
            className="share-option"
            onClick={() => void copyLink().then((isCopied) => isCopied && onClose())}
          >
            <span className="share-option__icon">
              <ShareIcon name="link" />
            </span>
            <span className="share-option__label">Copy link</span>
          </button>
        </li>
      </ul>
      <label className="field">
        <span className="field__label">Link</span>
        <input
          className="field__input share-link"
          type="url"
          readOnly
          value={target.url}
          onFocus={(event) => event.currentTarget.select()}
        />
      </label>
    </Modal>,
    document.body,
  );
}
