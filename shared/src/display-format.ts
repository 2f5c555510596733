/** spec 2 §5: "Price is shown as whole US dollars." */
export function formatPrice(dollars: number): string {
  return dollars === 0 ? 'Free' : `$${Math.round(dollars).toLocaleString('en-US')}`;
}

/** Short relative age as marketplaces show it: 'now', '5m', '3h', '2d', then a date. */
export function formatAge(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, (now - Date.parse(iso)) / 1000);
  if (seconds < 60) return 'now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h`;
  if (seconds < 7 * 86_400) return `${Math.floor(seconds / 86_400)}d`;
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}
