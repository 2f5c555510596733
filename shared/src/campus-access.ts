import type { CampusPrivacy } from './campuses.ts';

/** spec 2 §1: what a visitor sees on a private campus, and the msg of the server's `private_campus` refusal. */
export const PRIVATE_CAMPUS_MESSAGE = 'This community is private';

/** The part of a signed-in user that decides whether they may read a private campus. */
export interface CampusReader {
  isVerified: boolean;
  isSchoolVerified: boolean;
}

/**
 * Who may read a campus's gated content (the Photos feed): anyone on a public
 * campus; on a private one, a school-verified user, whether a member of this
 * campus or a guest from another school (spec 2 §6). The server refuses the
 * others with `private_campus` and the web shows them the join gate, both
 * through this one function (docs/decisions/012-private-campus.md).
 */
export function canReadGatedContent(privacy: CampusPrivacy, reader: CampusReader | null): boolean {
  if (privacy !== 'private') return true;
  return reader?.isVerified === true && reader.isSchoolVerified;
}
