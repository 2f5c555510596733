import type { CampusDefinition } from '@campus/shared/campuses';
import { CHAT_MESSAGES } from '@campus/shared/chat-api';
import { photoSizes, photoSrcSet } from '@campus/shared/photo-sizes';
import { FEED_FIRST_PAGE_SIZE, type FeedPageDto, type PostDto } from '@campus/shared/post-api';
import { findInboxPage } from '../chats/chat-summaries.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import type { FeedCache } from '../posts/feed-cache.ts';
import { feedPageJson } from '../posts/feed-page.ts';
import { findMediaOf } from '../posts/post-card-query.ts';
import { toMediaDto, toPostDto } from '../posts/posts.mapper.ts';
import { findPostCard } from '../posts/posts.repository.ts';
import { icon } from './first-screen-icons.ts';
import { postCardHtml } from './first-screen-post-card.ts';
import { firstScreenShell } from './first-screen-shell.ts';
import { type Html, html } from './html.ts';

/**
 * The first screen in the HTML itself (issue 25, decision 049): what the app would show first on
 * /home, a post page and /messages, written by the server with the same classes, so a phone paints
 * it, and fetches its first photo, before the script has even loaded. Each screen's data comes
 * from the same query and the same rules as its API (campus of the Host, the viewer's blocks,
 * saved state), so the HTML holds nothing the viewer's own API call would not answer.
 */
export interface FirstScreenDeps {
  db: Db;
  feedCache: FeedCache;
  now: () => number;
}

export interface FirstScreen {
  /** Goes before </head>: the first photo's preload. */
  head: Html | null;
  /** Goes before #root. */
  body: Html;
}

/** Posts of the feed's first screen: a phone shows one or two; the app's ads start after the 4th. */
const FEED_CARDS = 3;

/** The preload of the LCP photo, with the srcset and sizes its <img> has, so one request serves both. */
function photoPreload(post: PostDto | undefined): Html | null {
  const media = post?.media[0];
  if (!post || !media || media.kind !== 'image') return null;
  return html`<link rel="preload" as="image" href="${media.thumbUrl}" imagesrcset="${photoSrcSet(media)}" imagesizes="${photoSizes(post.media.length, 0)}" fetchpriority="high">`;
}

function feedTabs(): Html {
  return html`<nav class="feed-tabs" aria-label="Feed"><a aria-current="page" class="feed-tabs__tab active" href="/home">For You</a><a class="feed-tabs__tab" href="/media">Photos</a><a class="feed-tabs__tab" href="/about">About</a></nav>`;
}

async function feedScreen(
  deps: FirstScreenDeps,
  campus: CampusDefinition,
  viewer: UserRow | null,
): Promise<FirstScreen> {
  // The key the feed route gives `?limit=25`, so the app's preloaded request is served from the same shared page.
  const json = await feedPageJson(deps.db, deps.feedCache, {
    key: `${campus.id}|${FEED_FIRST_PAGE_SIZE}|`,
    campusId: campus.id,
    viewerId: viewer?.id ?? null,
    parse: () => ({ limit: FEED_FIRST_PAGE_SIZE, after: null }),
  });
  const { posts } = JSON.parse(json) as FeedPageDto;
  // A 'new user' post is the joined card (web/src/features/posts/joined-card.tsx): the first screen stops before it.
  const firstJoined = posts.findIndex((post) => post.type !== 'post');
  const shown = posts.slice(0, Math.min(FEED_CARDS, firstJoined === -1 ? FEED_CARDS : firstJoined));
  const now = deps.now();
  const cards = shown.map((post, index) => postCardHtml(post, { isExpanded: false, isFirst: index === 0, now }));
  return {
    head: photoPreload(shown[0]),
    body: firstScreenShell(campus, viewer, '/home', html`<div class="feed">${feedTabs()}${cards}</div>`),
  };
}

async function postScreen(
  deps: FirstScreenDeps,
  campus: CampusDefinition,
  viewer: UserRow | null,
  postId: string,
): Promise<FirstScreen | null> {
  const row = await findPostCard(deps.db, campus.id, postId, viewer?.id ?? null);
  // Missing, deleted or hidden by a block: the app shows its own answer.
  if (row?.type !== 'post') return null;
  const media = await findMediaOf(deps.db, [row.id]);
  const post: PostDto = { ...toPostDto(row, media.map(toMediaDto)), isSaved: row.is_saved === 1 };
  const campusTag = html`<a class="campus-tag" title="${campus.name}" aria-label="Posted in ${campus.name}" href="/about">${campus.shortName} Buy / Sell</a>`;
  const card = postCardHtml(post, { isExpanded: true, isFirst: true, campusTag, now: deps.now() });
  const header = html`<header class="card screen-header"><button type="button" class="icon-button" aria-label="Back">${icon('back')}</button><div class="screen-header__titles"><h1 class="screen-header__title">${post.author.firstName}'s post</h1></div></header>`;
  return {
    head: photoPreload(post),
    body: firstScreenShell(campus, viewer, `/post/${post.id}`, html`<div class="post-page">${header}${card}</div>`),
  };
}

/** The app's grey rows while the inbox loads (web/src/lib/skeleton-rows.tsx as inbox-panel.tsx uses it). */
function inboxSkeleton(): Html {
  const row = html`<li class="inbox-row" aria-hidden="true"><span class="skeleton skeleton--circle"></span><span class="inbox-row__body"><span class="skeleton skeleton--line"></span><span class="skeleton skeleton--line"></span></span></li>`;
  return html`<ul class="inbox__list inbox__loading" aria-busy="true" aria-label="Loading conversations">${[row, row, row, row]}</ul>`;
}

/**
 * A light /messages: the inbox's head, and its empty state when there is no chat (the app's LCP
 * text); with chats, the grey rows the app shows until they load (the rows come with the app).
 */
async function messagesScreen(deps: FirstScreenDeps, campus: CampusDefinition, viewer: UserRow): Promise<FirstScreen> {
  const chats = await findInboxPage(deps.db, viewer.id, campus.id, null);
  const scroll =
    chats.length === 0
      ? html`<div class="inbox__empty">${icon('message', 36)}<p class="inbox__empty-text">${CHAT_MESSAGES.empty}</p><a class="button button--primary button--small" href="/messages/new">New message</a></div>`
      : inboxSkeleton();
  const inbox = html`<section class="card inbox" aria-labelledby="inbox-title"><header class="inbox__head"><h1 id="inbox-title" class="inbox__title">Messages</h1><a class="icon-button inbox__new" aria-label="New message" title="New message" href="/messages/new">${icon('plus')}</a></header><div class="inbox__scroll">${scroll}</div></section>`;
  return {
    head: null,
    body: firstScreenShell(
      campus,
      viewer,
      '/messages',
      html`<div class="messages-layout">${inbox}<div class="messages-layout__pane"></div></div>`,
    ),
  };
}

/** The first screen for this address, or null for every other screen (the app renders those alone). */
export async function firstScreenFor(
  deps: FirstScreenDeps,
  pathname: string,
  campus: CampusDefinition,
  viewer: UserRow | null,
): Promise<FirstScreen | null> {
  // spec 1 §1: the generic site has no feed; its /home is the school finder.
  if (campus.isGeneric) return null;
  if (pathname === '/' || pathname === '/home') return feedScreen(deps, campus, viewer);
  // Private to a signed-in user: a visitor's app goes to /home at once (spec 1 §2).
  if (pathname === '/messages') return viewer ? messagesScreen(deps, campus, viewer) : null;
  const encodedId = /^\/post\/([^/]+)$/.exec(pathname)?.[1];
  if (!encodedId) return null;
  let postId: string;
  try {
    postId = decodeURIComponent(encodedId);
  } catch {
    return null;
  }
  return postScreen(deps, campus, viewer, postId);
}
