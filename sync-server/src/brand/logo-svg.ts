import type { CampusDefinition } from '@campus/shared/campuses';

/** XML-escapes text placed inside the SVG (a campus short name like "Ole Miss" or "TAMU"). */
function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A price tag: the generic site's mark, drawn with paths so it needs no font. */
function tagMark(size: number): string {
  const scale = size / 100;
  return `<g transform="scale(${scale})" fill="none" stroke="#fff" stroke-width="7" stroke-linejoin="round">
    <path d="M30 28h26l22 22-28 28-22-22V30z"/><circle cx="41" cy="40" r="5" fill="#fff" stroke="none"/></g>`;
}

/**
 * The campus logo: the school's short name on its colour (spec 1 §1 says
 * logos exist; the artwork is not shown, so we draw a consistent monogram).
 * `isMaskable` keeps the content inside the 80% safe zone of maskable icons.
 */
export function campusLogoSvg(campus: CampusDefinition, size = 512, isMaskable = false): string {
  const radius = isMaskable ? 0 : size * 0.22;
  const background = `<rect width="${size}" height="${size}" rx="${radius}" fill="${campus.color}"/>`;
  if (campus.isGeneric) {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${background}${tagMark(size)}</svg>`;
  }
  const label = campus.shortName.replace(/\s+/g, ' ');
  const contentWidth = size * (isMaskable ? 0.62 : 0.78);
  // Average glyph of bold sans is about 0.62em wide; shrink long names to fit.
  const fontSize = Math.min(size * 0.46, contentWidth / (label.length * 0.62));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${background}<text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-weight="700" font-size="${fontSize.toFixed(1)}" fill="#fff" letter-spacing="${(-fontSize * 0.02).toFixed(1)}">${escapeXml(label)}</text></svg>`;
}
