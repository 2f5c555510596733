import type { CampusDto } from '@campus/shared/campus-api';
import type { PostDto } from '@campus/shared/post-api';

/** What a Share button shares: a post's page or the campus site (spec 1 §2 share modal, §6 Share Group). */
export type ShareSubject = { post: PostDto } | { campus: CampusDto };

/** A subject put in words, for the system share sheet and the share modal. */
export interface ShareTarget {
  /** The share modal's title: 'Share post' or 'Share Group'. */
  dialogTitle: string;
  /** The e-mail subject and the system share sheet's title. */
  subject: string;
  /** A line before the link in the e-mail body and the share sheet. */
  text: string;
  /** Absolute address on this campus's site. */
  url: string;
}
