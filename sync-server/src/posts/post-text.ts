import { countPostCharacters, POST_LIMITS, POST_MESSAGES } from '@campus/shared/post-rules';
import { plainTextToRichText, type RichTextDocument, richTextToPlainText } from '@campus/shared/rich-text';
import { AppError } from '../http/app-error.ts';

export interface PostText {
  json: string;
  plain: string;
}

/** What a post with photos but no words stores as its text. */
export const EMPTY_TEXT: PostText = { json: JSON.stringify(plainTextToRichText('')), plain: '' };

/** spec 2 §5: 500 characters counting 2 extra per line break; null when there are no words at all. */
export function readPostText(document: RichTextDocument | undefined): PostText | null {
  if (!document) return null;
  const plain = richTextToPlainText(document);
  if (countPostCharacters(plain) > POST_LIMITS.textMax) {
    throw new AppError('validation_failed', [{ msg: POST_MESSAGES.tooManyCharacters, field: 'text' }]);
  }
  return plain.trim() === '' ? null : { json: JSON.stringify(document), plain };
}
