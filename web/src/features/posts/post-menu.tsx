import type { PostDto } from '@campus/shared/post-api';
import { type KeyboardEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useCampus } from '../../app/campus/campus-context.tsx';
import { useIsCampusMember } from '../../app/session/use-campus-member.ts';
import { useViewer } from '../../app/session/use-viewer.ts';
import { OptionsMenuToggle, useOptionsMenu } from '../../lib/options-menu.tsx';
import { useAuthGate } from '../auth/index.ts';
import { useMessageLink } from '../chats/index.ts';
import { useCopyPostLink } from './use-copy-post-link.ts';

/** Loaded when an owner first asks to delete (npm run size: the feed's first load stays small). */
const DeletePostModal = lazy(() =>
  import('./delete-post-modal.tsx').then((module) => ({ default: module.DeletePostModal })),
);

/**
 * The post's ⋯ menu (spec 2 §2, §6): Copy link for everyone, Send Message for
 * signed-in students who are not the author, Delete (confirmed by 'Delete
 * Post?') for the author. A WAI-ARIA menu button: arrows move, Escape closes
 * and gives focus back to the button.
 */
export function PostMenu({
  post,
  onDeleted,
  onCopiedLink,
}: {
  post: PostDto;
  onDeleted: () => void;
  /** A running ad counts the copy (spec 3 §7 copied_link). */
  onCopiedLink?: () => void;
}) {
  const viewer = useViewer();
  const isMember = useIsCampusMember();
  const openGate = useAuthGate();
  const menu = useOptionsMenu();
  const { isOpen, setIsOpen, close } = menu;
  const [isDeleting, setIsDeleting] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const copyLink = useCopyPostLink(post.id);
  const isOwner = viewer?.id === post.author.id;
  // No payment provider on this server (decision 041): no Boost Post.
  const { boostsAvailable } = useCampus();
  const messageAuthor = useMessageLink(post.author);

  useEffect(() => {
    if (isOpen) items(panel.current)[0]?.focus();
  }, [isOpen]);

  function choose(action: () => void) {
    close();
    action();
  }

  function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
    const entries = items(panel.current);
    const current = entries.indexOf(document.activeElement as HTMLElement);
    const next = {
      ArrowDown: (current + 1) % entries.length,
      ArrowUp: (current - 1 + entries.length) % entries.length,
      Home: 0,
      End: entries.length - 1,
    }[event.key];
    if (next !== undefined) {
      event.preventDefault();
      entries[next]?.focus();
    } else if (event.key === 'Tab') {
      setIsOpen(false);
    }
  }

  return (
    <div className="post-menu" ref={menu.root}>
      <OptionsMenuToggle menu={menu} label="Post options" />
      {isOpen && (
        <div
          ref={panel}
          id={menu.panelId}
          role="menu"
          aria-label="Post options"
          className="card post-menu__panel"
          onKeyDown={moveFocus}
        >
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="post-menu__item"
            onClick={() =>
              choose(() => {
                onCopiedLink?.();
                void copyLink();
              })
            }
          >
            Copy link
          </button>
          {viewer && !isOwner && (
            <Link
              role="menuitem"
              tabIndex={-1}
              className="post-menu__item"
              to={messageAuthor.to}
              onClick={(event) => {
                setIsOpen(false);
                messageAuthor.onClick(event);
              }}
            >
              Send Message
            </Link>
          )}
          {viewer && (
            // spec 2 §4 'Sharing a post into a chat': pick a person, the post waits in that chat's composer.
            <Link
              role="menuitem"
              tabIndex={-1}
              className="post-menu__item"
              to={`/messages/new?${new URLSearchParams({ share: post.id })}`}
              onClick={(event) => {
                setIsOpen(false);
                if (!isMember) {
                  event.preventDefault();
                  openGate('message');
                }
              }}
            >
              Share in a message
            </Link>
          )}
          {isOwner && post.type === 'post' && post.parentId === null && boostsAvailable && (
            // spec 3 §2 Post page: the owner's menu has Boost Post and Delete.
            <Link role="menuitem" tabIndex={-1} className="post-menu__item" to={`/post/${post.id}/boost`}>
              Boost Post
            </Link>
          )}
          {isOwner && (
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="post-menu__item post-menu__item--danger"
              onClick={() => choose(() => setIsDeleting(true))}
            >
              Delete
            </button>
          )}
        </div>
      )}
      {isDeleting && (
        <Suspense fallback={null}>
          <DeletePostModal post={post} onClose={() => setIsDeleting(false)} onDeleted={onDeleted} />
        </Suspense>
      )}
    </div>
  );
}

function items(panel: HTMLElement | null): HTMLElement[] {
  return Array.from(panel?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}
