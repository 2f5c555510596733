import { circle, type DemoItemKind, el, group, ITEM_ART, line, mix, rect, shape } from './demo-art-items.ts';

/*
 * Artwork for the demo data, as standalone SVG strings that other code rasterizes.
 * Nothing here uses <text>: the rasterizing machine may have no fonts at all.
 * Every output is a pure function of its arguments so reseeding the demo gives
 * byte-identical images (stable hashes, no churn in screenshots).
 */

const DEMO_ITEM_KINDS: readonly DemoItemKind[] = [
  'bike',
  'textbooks',
  'desk-lamp',
  'headphones',
  'sofa',
  'mini-fridge',
  'guitar',
  'sneakers',
  'laptop',
  'game-console',
  'plant',
  'backpack',
];

const PHOTO_WIDTH = 1200;
const PHOTO_HEIGHT = 900;

/** Muted room colours; offset per kind so a feed of first photos is not all one colour. */
const ROOM_HUES = [212, 32, 152, 266, 350, 188, 48];
const ACCENTS = ['#f4a261', '#2a9d8f', '#e76f51', '#8ab17d', '#6d597a', '#e9c46a', '#457b9d'];

interface Shot {
  tilt: number;
  zoom: number;
  shiftX: number;
  horizon: number;
  mirror: boolean;
  prop: 'halo' | 'frame' | 'rug';
}

/** Three "camera positions"; a listing's photos cycle through them like a real photo set. */
const SHOTS: readonly Shot[] = [
  { tilt: 0, zoom: 1, shiftX: 0, horizon: 590, mirror: false, prop: 'halo' },
  { tilt: -2.2, zoom: 1.1, shiftX: -50, horizon: 545, mirror: true, prop: 'frame' },
  { tilt: 1.8, zoom: 0.86, shiftX: 70, horizon: 630, mirror: false, prop: 'rug' },
];

function pick<T>(list: readonly T[], index: number): T {
  const value = list[((index % list.length) + list.length) % list.length];
  if (value === undefined) throw new Error('demo-art: empty palette');
  return value;
}

/** HSL to hex because librsvg's hsl() support has varied between versions. */
function hsl(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number): string => {
    const k = (n + hue / 30) % 12;
    const value = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function stop(offset: number, color: string, opacity = 1): string {
  return el('stop', { offset, 'stop-color': color, 'stop-opacity': opacity });
}

function verticalGradient(id: string, top: string, bottom: string): string {
  return el('linearGradient', { id, x1: 0, y1: 0, x2: 0, y2: 1 }, stop(0, top) + stop(1, bottom));
}

function svgDocument(width: number, height: number, body: string): string {
  const size = `width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"`;
  return `<svg xmlns="http://www.w3.org/2000/svg" ${size}>${body}</svg>`;
}

/** A bit of room dressing in the accent colour, different per shot, so photos don't look cloned. */
function propSvg(shot: Shot, accent: string, itemX: number, floorY: number, spread: number): string {
  if (shot.prop === 'halo') {
    const y = shot.horizon - 170;
    return circle(itemX, y, 300, accent, { opacity: 0.16 }) + circle(itemX, y, 210, accent, { opacity: 0.12 });
  }
  if (shot.prop === 'frame') {
    // Hung on the side away from the item shift so it peeks out instead of hiding behind the item.
    const x = itemX < PHOTO_WIDTH / 2 ? 900 : 110;
    const frame = rect(x, 90, 210, 160, '#fbfaf7', 6, { stroke: mix(accent, '#000000', 0.35), 'stroke-width': 8 });
    const landscape = shape(`M${x + 22} 228l58-68 40 40 30-25 38 53Z`, accent) + circle(x + 150, 140, 14, '#ffffff');
    return frame + rect(x + 22, 112, 166, 116, mix(accent, '#ffffff', 0.45)) + landscape;
  }
  const rx = spread * 0.62;
  const stitch = { fill: 'none', stroke: '#ffffff', 'stroke-width': 5, opacity: 0.5, 'stroke-dasharray': '18 14' };
  return (
    el('ellipse', { cx: itemX, cy: floorY + 10, rx: rx + 60, ry: 70, fill: accent, opacity: 0.55 }) +
    el('ellipse', { cx: itemX, cy: floorY + 10, rx: rx + 30, ry: 52, ...stitch })
  );
}

/** Whole non-negative integers only, so odd input (NaN, -1, 1.5) still yields a valid photo. */
function normaliseVariant(variant: number): number {
  return Number.isFinite(variant) ? Math.abs(Math.trunc(variant)) : 0;
}

/**
 * A product photo stand-in: 1200x900 (4:3) SVG of the item, centered on a soft
 * background. `variant` (0,1,2,...) changes background hue, camera angle feel and
 * accent colour so several photos of one listing look like different shots of one item.
 */
export function productPhotoSvg(kind: DemoItemKind, variant: number): string {
  const v = normaliseVariant(variant);
  const kindIndex = Math.max(0, DEMO_ITEM_KINDS.indexOf(kind));
  const art = (ITEM_ART[kind] ?? ITEM_ART.bike)();
  const shot = pick(SHOTS, v);
  const hue = pick(ROOM_HUES, kindIndex * 2 + v);
  const accent = pick(ACCENTS, kindIndex + v * 3);

  // Fit every item to a similar on-screen size, whatever its drawn dimensions.
  const scale = Math.min(600 / art.height, 780 / art.width) * shot.zoom;
  const itemX = PHOTO_WIDTH / 2 + shot.shiftX;
  const floorY = shot.horizon + 175;
  const spread = art.footprint * scale;

  const shadow = el('radialGradient', { id: 'shadow' }, stop(0, '#1c1d26', 0.38) + stop(1, '#1c1d26', 0));
  const lightStops = stop(0, '#ffffff', 0.35) + stop(0.55, '#ffffff', 0) + stop(1, '#101018', 0.16);
  const defs = el(
    'defs',
    {},
    verticalGradient('wall', hsl(hue, 38, 93), hsl(hue, 30, 85)) +
      verticalGradient('floor', hsl(hue + 18, 22, 76), hsl(hue + 18, 20, 66)) +
      shadow +
      el('radialGradient', { id: 'light', cx: 0.3, cy: 0.15, r: 0.9 }, lightStops),
  );

  const mirror = shot.mirror ? ' scale(-1 1)' : '';
  const item = group(`translate(${itemX} ${floorY})${mirror} scale(${scale.toFixed(3)})`, art.svg);
  const contactShadow = { cx: itemX, cy: floorY + 4, rx: (spread * 0.62).toFixed(1), ry: 38 * shot.zoom };
  // Oversized backdrop so the tilted "handheld" shot never shows bare corners.
  const scene =
    rect(-200, -200, 1600, shot.horizon + 200, 'url(#wall)') +
    rect(-200, shot.horizon, 1600, 1100 - shot.horizon, 'url(#floor)') +
    rect(-200, shot.horizon - 4, 1600, 8, hsl(hue + 18, 20, 88)) +
    propSvg(shot, accent, itemX, floorY, spread) +
    el('ellipse', { ...contactShadow, fill: 'url(#shadow)' }) +
    item;

  const camera = group(`rotate(${shot.tilt} ${PHOTO_WIDTH / 2} ${PHOTO_HEIGHT / 2})`, scene);
  return svgDocument(PHOTO_WIDTH, PHOTO_HEIGHT, defs + camera + rect(0, 0, PHOTO_WIDTH, PHOTO_HEIGHT, 'url(#light)'));
}

/** FNV-1a: tiny, stable across runtimes, and spreads similar seeds (user ids) apart. */
function hashSeed(seed: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

const SKIN_TONES = ['#f6d5bd', '#eebb94', '#d9a070', '#b97a4c', '#8d5a36', '#603c25'];
const HAIR_COLORS = ['#2b1d16', '#4a2f1f', '#7a4a26', '#c58b3f', '#e3c37e', '#1f1f28', '#a3412b'];

const HAIR = {
  cap: 'M158 226C146 130 196 100 256 100C316 100 366 130 354 226C338 176 300 158 256 160C212 158 174 176 158 226Z',
  longBack: 'M150 220C140 120 200 98 256 98C312 98 372 120 362 220L378 360Q256 390 134 360Z',
  fringe: 'M158 226C150 130 200 104 262 104C330 106 362 150 350 216C300 200 250 170 226 140C210 176 186 200 158 226Z',
  buzz: 'M160 206C162 136 204 112 256 112C308 112 350 136 352 206C330 168 296 150 256 150C216 150 182 168 160 206Z',
} as const;

/** Hair comes in two layers: `back` goes behind the head (long hair, bun), `front` over it. */
function hairSvg(style: number, color: string): { back: string; front: string } {
  if (style === 1) return { back: shape(HAIR.longBack, color), front: shape(HAIR.fringe, color) };
  if (style === 2) return { back: circle(256, 92, 46, color), front: shape(HAIR.cap, color) };
  if (style === 3) {
    let curls = '';
    for (let i = 0; i < 9; i++) {
      const a = Math.PI * (1.05 + (i / 8) * 0.9);
      curls += circle(Math.round(256 + Math.cos(a) * 96), Math.round(205 + Math.sin(a) * 96), 40, color);
    }
    return { back: '', front: curls };
  }
  if (style === 4) return { back: '', front: shape(HAIR.buzz, color, { opacity: 0.9 }) };
  return { back: '', front: shape(HAIR.cap, color) };
}

/**
 * A profile avatar: 512x512 SVG, a friendly abstract person bust (head circle +
 * shoulders) on a coloured background picked deterministically from `seed`. No text.
 */
export function avatarSvg(seed: string): string {
  const hash = hashSeed(seed);
  const hue = hash % 360;
  const skin = pick(SKIN_TONES, hash >>> 9);
  const hair = hairSvg((hash >>> 17) % 5, pick(HAIR_COLORS, hash >>> 13));
  const shirt = hsl(hue + 120 + ((hash >>> 21) % 120), 45, 38 + ((hash >>> 25) % 14));
  const ink = mix(skin, '#2a1a12', 0.7);

  const background = el('defs', {}, verticalGradient('bg', hsl(hue, 60, 78), hsl(hue + 25, 55, 64)));
  // Ears go first so long hair can cover them.
  const ears = circle(160, 228, 20, skin) + circle(352, 228, 20, skin);
  const torso =
    shape('M80 512Q80 360 256 350Q432 360 432 512Z', shirt) +
    shape('M216 352Q256 410 296 352Z', mix(shirt, '#000000', 0.25));
  const cheeks =
    circle(204, 262, 16, '#ff7a7a', { opacity: 0.18 }) + circle(308, 262, 16, '#ff7a7a', { opacity: 0.18 });
  const face = circle(222, 232, 9, ink) + circle(290, 232, 9, ink) + cheeks + line('230 266Q256 288 282 266', ink, 7);
  const neck = rect(222, 270, 68, 90, mix(skin, '#000000', 0.12), 30);
  const head = circle(256, 215, 96, skin) + hair.front + face;
  return svgDocument(512, 512, background + rect(0, 0, 512, 512, 'url(#bg)') + ears + hair.back + torso + neck + head);
}
