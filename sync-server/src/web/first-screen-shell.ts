import { campusLogoPath } from '@campus/shared/campus-api';
import type { CampusDefinition } from '@campus/shared/campuses';
import type { UserRow } from '../db/schema.ts';
import { type FirstScreenIcon, icon } from './first-screen-icons.ts';
import { type Html, html } from './html.ts';

/**
 * The app shell around the first screen, as web/src/app/layout renders it on a phone: header
 * (menu, campus logo and name, search box, avatar), the main column and the bottom bar. The
 * sidebars are empty boxes that hold their grid columns on wider screens until the app fills them.
 */
const BOTTOM_BAR: { label: string; to: string; icon: FirstScreenIcon; className?: string }[] = [
  { label: 'Home', to: '/home', icon: 'home' },
  { label: 'Search', to: '/search', icon: 'search' },
  { label: 'Add post', to: '/create/post?goBack=home', icon: 'plus', className: 'bottom-bar__add' },
  { label: 'Messages', to: '/messages', icon: 'message' },
  { label: 'Notifications', to: '/notifications', icon: 'bell' },
];

function header(campus: CampusDefinition, viewer: UserRow | null): Html {
  const search = `Search ${campus.shortName} Buy / Sell`;
  const avatar = viewer?.img ? html`<img src="${viewer.img}" alt="" width="40" height="40">` : icon('user');
  return html`<header class="site-header"><div class="site-header__inner"><button type="button" class="icon-button site-header__menu" aria-label="Open menu">${icon('menu')}</button><a class="site-header__brand" aria-label="${campus.shortName} Buy / Sell home" href="/home"><img alt="" width="36" height="36" class="site-header__logo" src="${campusLogoPath(campus.id)}"><span class="site-header__name">${campus.shortName} <span>Buy / Sell</span></span></a><form class="search-box" action="/search">${icon('search', 18)}<input class="search-box__input" name="q" placeholder="${search}" aria-label="${search}" maxlength="100" autocomplete="off" enterkeyhint="search" type="search"></form><div class="avatar-menu"><button type="button" class="avatar avatar--button" aria-label="Account menu">${avatar}</button></div></div></header>`;
}

function bottomBar(pathname: string): Html {
  return html`<nav class="bottom-bar" aria-label="Quick">${BOTTOM_BAR.map((entry) => {
    const isActive = entry.to === pathname;
    return html`<a aria-label="${entry.label}"${isActive ? html` aria-current="page"` : null} class="bottom-bar__item${entry.className ? ` ${entry.className}` : ''}${isActive ? ' active' : ''}" href="${entry.to}"><span class="nav-item__icon">${icon(entry.icon)}</span></a>`;
  })}</nav>`;
}

/** `#first-screen`: shown until the app renders its own screen and removes it (web/src/lib/first-screen.ts). */
export function firstScreenShell(campus: CampusDefinition, viewer: UserRow | null, pathname: string, main: Html): Html {
  return html`<div id="first-screen" class="first-screen"><div class="shell"><a href="#main" class="skip-link">Skip to content</a>${header(campus, viewer)}<div class="shell__body"><aside class="left-sidebar"></aside><main id="main" class="shell__main">${main}</main><aside class="right-sidebar"></aside></div>${bottomBar(pathname)}</div></div>`;
}
