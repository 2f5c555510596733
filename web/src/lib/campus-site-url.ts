/**
 * A campus's own site on this host with its sub-domain swapped in:
 * campus.localhost:8080 → utexas.localhost:8080/home (decision 003: the first label picks the campus).
 */
export function campusSiteUrl(subdomain: string, path = '/home'): string {
  const { protocol, host } = window.location;
  const [, ...rest] = host.split('.');
  return `${protocol}//${[subdomain, ...rest].join('.')}${path}`;
}
