import type { PostDto } from '@campus/shared/post-api';
import { POST_LIMITS } from '@campus/shared/post-rules';
import { richTextToPlainText } from '@campus/shared/rich-text';
import { AvatarImage } from '../../lib/avatar-image.tsx';

/** spec 2 §9: previews stop at 200 characters. */
function shorten(text: string): string {
  if (text.length <= POST_LIMITS.previewCharacters) return text;
  return `${text.slice(0, POST_LIMITS.previewCharacters).trimEnd()}…`;
}

/** What a comment or reply answers: its author and the start of its text. */
export function CommentTargetPreview({ target }: { target: PostDto }) {
  const { author } = target;
  const name = `${author.firstName} ${author.lastName}`;
  const text = shorten(richTextToPlainText(target.text).trim());
  const cover = target.media[0];
  return (
    <figure className="comment-target" aria-label={`Answering ${name}`}>
      <span className="avatar avatar--small">
        <AvatarImage src={author.img} size={32} iconSize={18} />
      </span>
      <figcaption className="comment-target__body">
        <strong className="comment-target__author">{name}</strong>
        {text && <p className="comment-target__text">{text}</p>}
      </figcaption>
      {cover && <img className="comment-target__thumb" src={cover.thumbUrl} alt="" width={48} height={48} />}
    </figure>
  );
}
