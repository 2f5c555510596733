// A tap on a written button (Save, Share, a menu) before the app has swapped the screen: web/public/
// first-screen-start.js marks the button with the time; the swap (first-screen.ts) repeats it on the
// app's own twin. On a phone the app takes over 0.5-2 s after the first paint (decision 049).

/**
 * A tap older than this is not repeated: the student has moved on, and the browser's user
 * activation (which Share and Copy link need) lasts about as long.
 */
const TAP_KEPT_MS = 5000;

function nameOf(button: Element): string {
  return button.getAttribute('aria-label') ?? button.textContent?.trim() ?? '';
}

/** A card's post link: where a button sits, in the written screen and in the app alike. */
function cardOf(element: Element): string | null {
  return element.closest('article')?.querySelector('.post-card__meta')?.getAttribute('href') ?? null;
}

/** The buttons named `name` in the card linking to `card` (or outside any card), in document order. */
function buttonsLike(container: Element, card: string | null, name: string): Element[] {
  return [...container.querySelectorAll('button')].filter(
    (button) => nameOf(button) === name && cardOf(button) === card,
  );
}

/**
 * The app's twin of the written button the student tapped before the swap (web/public/
 * first-screen-start.js marks it): same name, same card, same place among its namesakes.
 */
export function tappedTwin(screen: Element, root: Element): HTMLElement | null {
  const tapped = screen.querySelector('button[data-tapped]');
  if (!tapped || performance.now() - Number(tapped.getAttribute('data-tapped')) > TAP_KEPT_MS) return null;
  const card = cardOf(tapped);
  const name = nameOf(tapped);
  const twin = buttonsLike(root, card, name)[buttonsLike(screen, card, name).indexOf(tapped)];
  return twin instanceof HTMLElement ? twin : null;
}
