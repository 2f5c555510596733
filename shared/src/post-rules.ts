/** Post, comment and media rules with the spec's exact messages (spec 2 §5, §8, §9). */
import { CATEGORIES, type Category } from './categories.ts';

export const POST_MESSAGES = {
  tooManyCharacters: 'Error: Too many characters!',
  submitFailed: 'Something went wrong.',
  wrongFileType: 'Only photos & videos are allowed!',
  tooManyFiles: 'Please choose up to 10 photos.',
  categorySwitched: 'Category switched',
  copied: 'Copied to clipboard',
  postGone: 'Sorry, that post has been deleted.',
  postMissing: "Hmm...this page doesn't exist. Try searching for something else.",
  imageDeleteFailed: "Couldn't delete post images",
  commentRemoved: 'Comment Removed',
  somethingWentWrong: 'Something went wrong',
  posted: 'Posted! Your post was sent.',
  replySent: 'Your reply was sent',
  postDeleted: 'Your post was deleted',
  postSaved: 'Post saved.',
  userReported: 'User Reported. Thanks for letting us know.',
  removingPhoto: 'Removing photo...',
  emptyPost: 'Write something or add a photo.',
  notOwner: 'Only the author can do that.',
  alreadyReported: 'You have already reported this user.',
  blocked: 'This user is not available.',
  // spec 1 §4 verify-school modal titles: the server refuses with the same words.
  verifyToPost: 'Verify your account to create a post.',
  verifyToComment: 'Verify your account to comment.',
  verifyToContinue: 'Verify your account to continue.',
  // spec 2 §5: the modal's title.
  profileIncomplete: 'Your profile is not complete',
  // spec 2 §2 Profile: unknown user.
  profileMissing: 'This page doesn’t exist.',
  emptyComment: 'Write a comment first.',
  cannotBlockSelf: 'You cannot block yourself.',
  cannotReportSelf: 'You cannot report yourself.',
  reportReasonRequired: 'Tell us what happened.',
  reportReasonTooLong: 'Please keep it under 500 characters.',
} as const;

export const POST_LIMITS = {
  /** spec 2 §5: 500 characters, counting 2 extra per line break. */
  textMax: 500,
  filesMax: 10,
  /** spec 2 §9: preview truncation. */
  previewCharacters: 200,
  imageMaxBytes: 20 * 1024 * 1024,
  videoMaxBytes: 100 * 1024 * 1024,
  reportReasonMax: 500,
} as const;

/** spec 2 §9: every category but 'all', which is only a filter. */
export type PostCategory = Exclude<Category, 'all'>;
export const POST_CATEGORIES = CATEGORIES.filter((category): category is PostCategory => category !== 'all');

/** spec 2 §5: allowed types (by the file's bytes on the server; by type or name in the browser). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const VIDEO_MIME_TYPES = ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-msvideo'] as const;

/** spec 2 §5: "counting 2 extra per line break" — a line break counts 3 in all. */
export function countPostCharacters(text: string): number {
  const lineBreaks = (text.match(/\n/g) ?? []).length;
  return text.length + lineBreaks * 2;
}

/** spec 2 §5: "File names containing mov or mp4 are treated as video." */
export function isVideoFileName(name: string): boolean {
  return /mov|mp4/i.test(name);
}
