/*
 * Plain string work, no Intl: a browser's first Intl call loads ICU's number or date data, which
 * cost 50–100 ms of an offline cold start at a 4× CPU slowdown (decision 050). The formats are
 * fixed to en-US anyway (spec 2 §5), so commas and three-letter months are all they need.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A whole number with a comma every three digits, as en-US writes it: 1234567 → '1,234,567'. */
export function formatCount(whole: number): string {
  return String(Math.round(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** spec 2 §5: "Price is shown as whole US dollars." */
export function formatPrice(dollars: number): string {
  return dollars === 0 ? 'Free' : `$${formatCount(dollars)}`;
}

/** Short relative age as marketplaces show it: 'now', '5m', '3h', '2d', then a date ('Nov 3', local time). */
export function formatAge(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, (now - Date.parse(iso)) / 1000);
  if (seconds < 60) return 'now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h`;
  if (seconds < 7 * 86_400) return `${Math.floor(seconds / 86_400)}d`;
  const date = new Date(iso);
  return `${MONTHS[date.getMonth()]} ${date.getDate()}`;
}
