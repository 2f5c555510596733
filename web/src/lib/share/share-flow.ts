import { formatPrice } from '@campus/shared/display-format';
import { richTextToPlainText } from '@campus/shared/rich-text';
import type { ShareSubject, ShareTarget } from './share-target.ts';

export { ShareModal } from './share-modal.tsx';

/** The excerpt of a post an e-mail or share sheet carries before the link. */
const EXCERPT_LENGTH = 100;

/** A post's page, or the campus site's root for 'Share Group', in words. */
export function shareTargetOf(subject: ShareSubject): ShareTarget {
  const origin = window.location.origin;
  if ('campus' in subject) {
    const { campus } = subject;
    return {
      dialogTitle: 'Share Group',
      subject: `Join ${campus.shortName} Buy / Sell`,
      text: `The marketplace and community for students at ${campus.name}.`,
      url: `${origin}/`,
    };
  }
  const { post } = subject;
  const plain = richTextToPlainText(post.text).replace(/\s+/g, ' ').trim();
  const excerpt = plain.length > EXCERPT_LENGTH ? `${plain.slice(0, EXCERPT_LENGTH).trimEnd()}…` : plain;
  const price = post.price !== null && !post.isSold ? formatPrice(post.price) : null;
  return {
    dialogTitle: 'Share post',
    subject: `${post.author.firstName} ${post.author.lastName}'s post`,
    text: [price, excerpt].filter(Boolean).join(' · '),
    url: `${origin}/post/${post.id}`,
  };
}

/**
 * The system share sheet on touch devices whose browser has one; elsewhere
 * the modal. Desktop Chrome and Safari have a sheet too, but it lacks the
 * spec's Email / Instagram / Copy link, so a mouse gets the modal.
 */
function canUseSystemShare(data: ShareData): boolean {
  return (
    typeof navigator.share === 'function' &&
    window.matchMedia('(pointer: coarse)').matches &&
    (navigator.canShare?.(data) ?? true)
  );
}

/**
 * Shares `subject`: the sheet, or `openModal`. Dismissing the sheet is an
 * AbortError and ends there; any other refusal (such as the click's user
 * activation having run out while this chunk loaded) opens the modal.
 */
export function startShare(subject: ShareSubject, openModal: (target: ShareTarget) => void): void {
  const target = shareTargetOf(subject);
  const data: ShareData = { title: target.subject, text: target.text, url: target.url };
  if (!canUseSystemShare(data)) {
    openModal(target);
    return;
  }
  navigator.share(data).catch((error: unknown) => {
    if (!(error instanceof DOMException && error.name === 'AbortError')) openModal(target);
  });
}
