// The app's start on a page the server wrote a first screen for (sync-server/src/web/static.routes.ts,
// decision 049). There the HTML carries this file instead of the app's entry script and its module
// preloads: a phone's first round trips go to the stylesheets and the first photo, and the app's
// code is asked for once the photo is painted. Lighthouse's simulation counts every script
// requested before the largest paint as holding it. Where the server wrote nothing (the service
// worker's shell, offline too) the entry is in the HTML and starts as soon as it loads.
const starter = document.querySelector('script[data-entry]');
const entry = starter?.getAttribute('data-entry');
const preloads = (starter?.getAttribute('data-modulepreload') ?? '').split(' ').filter(Boolean);
/** A photo that never arrives (a stalled connection), or a tab hidden before its frame, holds the app no longer. */
const LONGEST_WAIT_MS = 1500;
let isStarted = false;

function start() {
  if (isStarted || !entry) return;
  isStarted = true;
  // Together, as the HTML would have asked for them: not one after another as the entry's imports are read.
  for (const href of preloads) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    link.crossOrigin = '';
    document.head.append(link);
  }
  import(entry);
}

/** After the frame that paints the photo (or the text), so the app's first render never delays it. */
function startAfterPaint() {
  requestAnimationFrame(() => setTimeout(start));
}

const photo = document.querySelector('#first-screen img[fetchpriority="high"]');
if (document.visibilityState === 'hidden') {
  start(); // a tab opened in the background paints no frame
} else if (photo instanceof HTMLImageElement && !photo.complete) {
  photo.addEventListener('load', startAfterPaint, { once: true });
  photo.addEventListener('error', startAfterPaint, { once: true });
} else {
  startAfterPaint();
}
setTimeout(start, LONGEST_WAIT_MS);

// A tap on a written button (Save, Share, a menu) before the app has swapped the screen: the button
// is marked with the time, and the app repeats the tap on its own twin once its screen shows
// (web/src/lib/first-screen.ts). Links need nothing: they are plain links.
const screen = document.getElementById('first-screen');
screen?.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!button) return;
  for (const marked of screen.querySelectorAll('[data-tapped]')) marked.removeAttribute('data-tapped');
  button.setAttribute('data-tapped', String(performance.now()));
});
