import { formatAge, formatPrice } from '@campus/shared/display-format';
import { photoSizes, photoSrcSet } from '@campus/shared/photo-sizes';
import type { MediaDto, PostDto } from '@campus/shared/post-api';
import { POST_LIMITS } from '@campus/shared/post-rules';
import { type RichTextDocument, type RichTextNode, richTextToPlainText } from '@campus/shared/rich-text';
import { truncateRichText } from '@campus/shared/truncate-rich-text';
import { icon } from './first-screen-icons.ts';
import { type Html, html } from './html.ts';

/**
 * A post card as the web's PostCard renders it (web/src/features/posts/post-card.tsx, the same
 * classes, so feed.css lays both out alike) for the HTML's first screen. Every text and URL goes
 * through `html`, which escapes it: post text is what a student typed.
 */
const BOLD = 1;
const ITALIC = 2;
const UNDERLINE = 8;

function richTextNode(node: RichTextNode): Html {
  if (typeof node.text === 'string') {
    const format = typeof node.format === 'number' ? node.format : 0;
    let content = html`${node.text}`;
    if (format & BOLD) content = html`<strong>${content}</strong>`;
    if (format & ITALIC) content = html`<em>${content}</em>`;
    if (format & UNDERLINE) content = html`<u>${content}</u>`;
    return html`<span>${content}</span>`;
  }
  if (node.type === 'linebreak') return html`<br>`;
  const children = (node.children ?? []).map(richTextNode);
  return node.type === 'paragraph' ? html`<p>${children}</p>` : html`<span>${children}</span>`;
}

function richText(document: RichTextDocument): Html {
  return html`<div class="rich-text">${(document.root.children ?? []).map(richTextNode)}</div>`;
}

/** spec 2 §2, §9: the first 200 characters and 'See more' in a list; the whole text on the post's page. */
function postText(document: RichTextDocument, isExpanded: boolean): Html {
  if (richTextToPlainText(document).length <= POST_LIMITS.previewCharacters) return richText(document);
  const shown = isExpanded ? document : truncateRichText(document, POST_LIMITS.previewCharacters);
  return html`<div class="see-more"><div>${richText(shown)}</div><button type="button" class="link-button see-more__toggle" aria-expanded="${String(isExpanded)}">${isExpanded ? 'See less' : 'See more'}</button></div>`;
}

function photo(media: MediaDto, index: number, count: number, title: string, isPriority: boolean): Html {
  const alt = `Photo ${index + 1} of ${count} for ${title}`;
  const frame = count > 1 ? 'media-image media-image--fill' : 'media-image';
  if (media.kind === 'video') {
    // The poster frame stands in for the video until the app renders its <video> (MediaImage).
    return html`<div class="${frame}"><img src="${media.thumbUrl}" width="${media.width}" height="${media.height}" alt="${alt}" class="is-loaded"></div>`;
  }
  const loading = isPriority
    ? html`loading="eager" fetchpriority="high" decoding="sync"`
    : html`loading="lazy" decoding="async"`;
  return html`<div class="${frame}"><img src="${media.thumbUrl}" srcset="${photoSrcSet(media)}" sizes="${photoSizes(count, index)}" width="${media.width}" height="${media.height}" alt="${alt}" ${loading} class="is-loaded"></div>`;
}

export interface PostCardOptions {
  /** On the post's own page: the whole text, the campus tag, room for the date line. */
  isExpanded: boolean;
  /** The first card of the feed or the post page's post: its first photo is the LCP element. */
  isFirst: boolean;
  campusTag?: Html;
  now: number;
}

export function postCardHtml(post: PostDto, { isExpanded, isFirst, campusTag, now }: PostCardOptions): Html {
  const { author } = post;
  const name = `${author.firstName} ${author.lastName}`;
  const title = `${name}'s post`;
  const postPath = `/post/${post.id}`;
  const profilePath = `/${author.username}`;
  const avatar = author.img ? html`<img src="${author.img}" alt="" width="40" height="40">` : icon('user');
  const verified = author.isSchoolVerified
    ? html`<span class="badge-verified" title="Verified student" role="img" aria-label="Verified student">✓</span>`
    : null;
  const price =
    post.price === null
      ? null
      : html`<span class="price-tag${post.isSold ? ' price-tag--sold' : ''}">${post.isSold ? 'Sold' : formatPrice(post.price)}</span>`;
  const media = post.media.slice(0, 3);
  const photos =
    media.length === 0
      ? null
      : html`<a class="post-card__media post-card__media--${Math.min(post.media.length, 3)}" href="${postPath}">${media.map(
          (item, index) => photo(item, index, post.media.length, title, index === 0 && isFirst),
        )}${post.media.length > 3 ? html`<span class="post-card__more-media">+${post.media.length - 3}</span>` : null}</a>`;
  const saveLabel = `${post.isSaved ? 'Saved!' : 'Save'}${post.saveCount > 0 ? ` · ${post.saveCount}` : ''}`;
  return html`<article class="card post-card${post.isSold ? ' post-card--sold' : ''}" aria-label="${title}"${isExpanded ? null : html` tabindex="0"`}><header class="post-card__header"><a class="avatar" aria-label="${name}'s profile" href="${profilePath}">${avatar}</a><div class="post-card__byline"><a class="post-card__author" href="${profilePath}">${name}${verified}</a><a class="post-card__meta" href="${postPath}"><time datetime="${post.createdAt}">${formatAge(post.createdAt, now)}</time>${post.editedAt ? html`<span class="post-card__edited"> · Edited</span>` : null}${post.category ? html`<span> · ${post.category}</span>` : null}</a>${campusTag ?? null}</div>${price}<div class="post-menu"><button type="button" class="icon-button post-menu__toggle" aria-label="Post options" aria-haspopup="menu" aria-expanded="false"><span aria-hidden="true">⋯</span></button></div></header><div class="post-card__body">${postText(post.text, isExpanded)}</div>${photos}${
    // The date and time are written in the reader's time zone, which only the browser knows: the line is kept empty.
    isExpanded ? html`<p class="post-page__date" aria-hidden="true">&nbsp;</p>` : null
  }<footer class="post-card__actions"><button type="button" class="action-button">${icon('comment', 20)}<span>Comment${post.commentCount > 0 ? ` · ${post.commentCount}` : ''}</span></button><button type="button" class="action-button${post.isSaved ? ' action-button--active' : ''}" aria-pressed="${String(post.isSaved ?? false)}">${icon('bookmark', 20)}<span>${saveLabel}</span></button><button type="button" class="action-button" aria-haspopup="dialog">${icon('share', 20)}<span>Share</span></button></footer></article>`;
}
