import type { FeedAdDto } from '@campus/shared/ad-api';
import type { PostDto } from '@campus/shared/post-api';
import type { ReactNode } from 'react';

/** The running ad a feed card shows its post as (decision 044), and the page view its actions count in. */
export interface PostCardAd {
  postId: string;
  cta: FeedAdDto['cta'];
  pageViewId: string;
}

/** What a post card takes, in a list or on the post page (post-card.tsx, joined-card.tsx). */
export interface PostCardProps {
  post: PostDto;
  /** Called for member-only actions when nobody is signed in (spec 1 §6 auth gate). */
  onRequireSignIn: (action: 'like' | 'comment') => void;
  /** Signed in: Save toggles (spec 2 §4); without it Save asks to sign in. */
  onToggleSave?: () => void;
  /** Signed in: Comment opens the post's thread. */
  onComment?: () => void;
  isSaved?: boolean;
  /** The post page shows the whole text at first. */
  isExpanded?: boolean;
  /** The list's first card: its first photo is the page's largest paint, loaded at once at high priority. */
  isFirst?: boolean;
  /** After the author deleted it from the menu (the card has left the list by then). */
  onDeleted?: () => void;
  /** The post page's additions: the campus tag in the byline, the date and time above the buttons. */
  byline?: ReactNode;
  children?: ReactNode;
  /** In the feed, a boosted post: the 'Boosted' label and the ad's call-to-action (spec 3 §2). */
  ad?: PostCardAd;
}
