import { campusIconPath } from '@campus/shared/campus-api';
import type { CampusDefinition } from '@campus/shared/campuses';

/** The per-campus web app manifest: each campus installs as its own app. */
export function webAppManifest(campus: CampusDefinition) {
  const name = `${campus.shortName} Buy / Sell`;
  return {
    id: '/',
    name,
    short_name: campus.isGeneric ? 'Campus' : `${campus.shortName} Buy/Sell`,
    description: campus.isGeneric
      ? 'Find your school and buy, sell and talk with students on your campus.'
      : `Buy, sell and talk with students at ${campus.name}.`,
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait-primary',
    background_color: '#ffffff',
    theme_color: campus.color,
    categories: ['shopping', 'social'],
    icons: [
      { src: campusIconPath(campus.id, 192), sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: campusIconPath(campus.id, 512), sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: campusIconPath(campus.id, 512, true), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
