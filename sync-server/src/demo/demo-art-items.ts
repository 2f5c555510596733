/** The demo listing items drawn here (demo-art.ts lays them out in a photo). */
export type DemoItemKind =
  | 'bike'
  | 'textbooks'
  | 'desk-lamp'
  | 'headphones'
  | 'sofa'
  | 'mini-fridge'
  | 'guitar'
  | 'sneakers'
  | 'laptop'
  | 'game-console'
  | 'plant'
  | 'backpack';

/**
 * Flat illustrations of the demo listing items. Every drawing shares one local
 * frame (x = 0 is the item's centre line, y = 0 the surface it rests on, up is
 * negative) so the scene code can place, scale and mirror any item the same way.
 */
export interface ItemArt {
  /** Width of the part touching the ground, so the soft shadow matches the item. */
  footprint: number;
  /** Overall size, so every item fills the photo about equally. */
  width: number;
  height: number;
  svg: string;
}

type Attrs = Record<string, string | number>;

export function el(tag: string, attrs: Attrs, children = ''): string {
  const list = Object.entries(attrs)
    .map(([key, value]) => ` ${key}="${value}"`)
    .join('');
  return children ? `<${tag}${list}>${children}</${tag}>` : `<${tag}${list}/>`;
}

/** Blends two #rrggbb colours; shades are derived so each item keeps one palette. */
export function mix(from: string, to: string, amount: number): string {
  const a = Number.parseInt(from.slice(1), 16);
  const b = Number.parseInt(to.slice(1), 16);
  let out = '#';
  for (const shift of [16, 8, 0]) {
    const channel = Math.round(((a >> shift) & 255) + (((b >> shift) & 255) - ((a >> shift) & 255)) * amount);
    out += channel.toString(16).padStart(2, '0');
  }
  return out;
}

function darker(hex: string, amount = 0.22): string {
  return mix(hex, '#1a1a2e', amount);
}

function lighter(hex: string, amount = 0.3): string {
  return mix(hex, '#ffffff', amount);
}

export function shape(d: string, fill: string, extra: Attrs = {}): string {
  return el('path', { d, fill, ...extra });
}

export function line(points: string, stroke: string, width: number, extra: Attrs = {}): string {
  const style = { fill: 'none', stroke, 'stroke-width': width, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' };
  return el('path', { d: `M${points}`, ...style, ...extra });
}

export function rect(x: number, y: number, w: number, h: number, fill: string, rx = 0, extra: Attrs = {}): string {
  return el('rect', { x, y, width: w, height: h, rx, fill, ...extra });
}

export function circle(cx: number, cy: number, r: number, fill: string, extra: Attrs = {}): string {
  return el('circle', { cx, cy, r, fill, ...extra });
}

function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra: Attrs = {}): string {
  return el('ellipse', { cx, cy, rx, ry, fill, ...extra });
}

export function group(transform: string, children: string): string {
  return el('g', { transform }, children);
}

// Long outlines live in one table so the drawing code below reads as a list of parts.
const P = {
  guitarBody:
    'M0 0C-110 0-170-44-170-140C-170-212-108-226-108-258C-108-292-140-306-134-356C-128-408-72-426 0-426C72-426 128-408 134-356C140-306 108-292 108-258C108-226 170-212 170-140C170-44 110 0 0 0Z',
  guitarShine:
    'M-120-150C-120-210-80-230-76-260C-70-300-96-320-92-350C-88-380-60-396-30-400C-70-380-70-340-64-300C-58-250-110-230-96-150Z',
  upper:
    'M-258-62C-282-108-284-170-266-206Q-252-228-212-224Q-150-214-112-200Q-82-196-68-236L-56-258Q-40-274-24-256L34-198Q112-140 200-122Q288-104 298-62Z',
  controller:
    'M-150-170Q-182-170-196-140L-244-20Q-258 32-216 40Q-184 46-158 8L-120-40H120L158 8Q184 46 216 40Q258 32 244-20L196-140Q182-170 150-170Z',
  pack: 'M-175-20V-320Q-175-470 0-470Q175-470 175-320V-20Q175 0 155 0H-155Q-175 0-175-20Z',
  packShine: 'M-175-20V-320Q-175-470 0-470Q-120-440-135-320V-20Q-135 0-155 0Q-175 0-175-20Z',
  apple: 'M0 -10C-30 -42-78-22-72 24C-66 70-30 92 0 80C30 92 66 70 72 24C78-22 30-42 0-10Z',
  shade: 'M-32 0Q-44 0-48 22L-118 150Q-124 168-100 168H100Q124 168 118 150L48 22Q44 0 32 0Z',
  sole: 'M-278-16Q-282-62-250-64H226Q294-62 302-30Q302-4 270 0H-258Q-278 0-278-16Z',
  saddle: 'M-150 -378Q-100 -398 -40 -382Q-52 -364 -100 -366Q-138 -366 -150 -378Z',
} as const;

function wheel(cx: number, cy: number): string {
  let spokes = '';
  for (let i = 0; i < 16; i++) {
    const a = (i * Math.PI) / 8;
    spokes += `${cx} ${cy} ${(cx + Math.cos(a) * 112).toFixed(1)} ${(cy + Math.sin(a) * 112).toFixed(1)}M`;
  }
  const tyre = circle(cx, cy, 122, 'none', { stroke: '#2b2d33', 'stroke-width': 20 });
  const rim = circle(cx, cy, 110, 'none', { stroke: '#d5dae1', 'stroke-width': 6 });
  return line(spokes.slice(0, -1), '#b8bec8', 2.5) + tyre + rim + circle(cx, cy, 12, '#8a919c');
}

function bike(): ItemArt {
  const frame = '#e4572e';
  const [rear, crank, seat, headTop, headLow] = ['-225 -132', '-20 -128', '-85 -330', '150 -335', '168 -270'];
  const chain = line('-20 -160 L-225 -146 M-20 -96 L-225 -118', '#6b7079', 5);
  const handlebar = line('142 -392 Q122 -402 96 -398', '#2b2d33', 12) + line('102 -398 L72 -396', '#2b2d33', 18);
  const chainring = circle(-20, -128, 32, 'none', { stroke: '#5d626b', 'stroke-width': 7 });
  const pedal = line('-20 -128 L18 -82', '#5d626b', 9) + rect(2, -86, 34, 10, '#2b2d33', 4);
  const svg =
    wheel(-225, -132) +
    wheel(225, -132) +
    chain +
    line(`${seat} L-95 -372`, '#9aa1ab', 12) +
    shape(P.saddle, '#2b2d33') +
    line(`${rear} L${seat}`, darker(frame, 0.12), 12) +
    line(`${rear} L${crank} L${seat} L${headTop} L${headLow} L${crank}`, frame, 17) +
    line(`${headLow} L225 -132`, darker(frame, 0.25), 12) +
    line(`${headTop} L142 -392`, '#9aa1ab', 11) +
    handlebar +
    chainring +
    pedal +
    circle(-20, -128, 11, '#5d626b') +
    line(`${headTop} L${headLow}`, lighter(frame, 0.25), 6);
  return { footprint: 700, width: 720, height: 420, svg };
}

function book(x: number, y: number, w: number, h: number, color: string, spine: boolean): string {
  const cover = rect(x, y, w, h, color, 8);
  if (spine) {
    const bands = rect(x + 34, y, 14, h, darker(color, 0.3)) + rect(x + w - 48, y, 14, h, darker(color, 0.3));
    const label = rect(x + w * 0.34, y + h * 0.3, w * 0.32, h * 0.4, lighter(color, 0.75), 4);
    return cover + rect(x, y, w, 7, lighter(color, 0.25), 4) + bands + label;
  }
  const pages = [0.3, 0.5, 0.7].map((f) => line(`${x + 12} ${y + h * f} H${x + w - 16}`, '#ded2b6', 2)).join('');
  return cover + rect(x + 4, y + 9, w - 18, h - 18, '#f7f1e1', 3) + pages;
}

function textbooks(): ItemArt {
  const stack: [number, number, number, string, boolean][] = [
    [540, 84, -8, '#2f4b7c', true],
    [480, 66, 18, '#d1495b', false],
    [510, 76, -2, '#edae49', true],
    [440, 58, 24, '#00798c', false],
  ];
  let y = 0;
  let svg = '';
  for (const [w, h, offset, color, spine] of stack) {
    y -= h;
    svg += book(offset - w / 2, y, w, h, color, spine);
  }
  // An apple on top turns "stack of rectangles" into "schoolbooks" at a glance.
  const fruit = shape(P.apple, '#d7263d') + ellipse(-34, 8, 14, 24, '#ffffff', { opacity: 0.3 });
  const apple =
    fruit + line('0 -8 Q2 -34 12 -46', '#5b3a1e', 8) + shape('M10 -36Q40 -64 66 -44Q40 -22 10 -36Z', '#5fa84b');
  return { footprint: 560, width: 560, height: 445, svg: svg + group(`translate(-110 ${y - 82})`, apple) };
}

function deskLamp(): ItemArt {
  const body = '#2a9d8f';
  const joint = darker(body, 0.35);
  const arm = (d: string): string => line(d, darker(body, 0.15), 14) + line(d, lighter(body, 0.35), 3);
  const shine = shape('M-30 8Q-38 10-40 26L-96 150H-70L-18 24Q-16 10-30 8Z', lighter(body, 0.3));
  const shade = shape(P.shade, body) + shine + shape('M-52 168A52 52 0 0 0 52 168Z', '#fff1b8');
  // The beam and pool of light make it read as a lamp that is on, not a bent stick.
  const light = shape('M143 -258L300 -381L420 -2L70 -2Z', '#fff6d6', { opacity: 0.28 });
  const pool = ellipse(245, -2, 175, 26, '#fff4c8', { opacity: 0.5 });
  const base =
    shape('M-140 0Q-138-46 0-50Q138-46 140 0Z', body) +
    shape('M-140 0Q-138-46 0-50Q-110-40-118 0Z', lighter(body, 0.2));
  const joints = circle(0, -50, 18, joint) + circle(-120, -330, 18, joint);
  const head = group('translate(118 -452) rotate(-38)', shade) + circle(118, -452, 16, joint);
  const arms = arm('0 -48 L-120 -330') + arm('-120 -330 L110 -450');
  return { footprint: 300, width: 460, height: 520, svg: light + pool + base + arms + joints + head };
}

function headphones(): ItemArt {
  const shell = '#ef476f';
  const cup = (side: 1 | -1): string => {
    const x = side * 190;
    const outer = rect(x - 12, -262, 24, 80, '#aeb5bf', 8) + rect(x - 50, -230, 100, 224, shell, 44);
    const cushion = rect(x - 50 + (side < 0 ? 62 : -12), -218, 50, 200, '#2f3140', 22);
    return outer + cushion + rect(x - (side < 0 ? 36 : -14), -206, 22, 150, lighter(shell, 0.3), 11);
  };
  const band =
    line('-190 -250C-200-470 200-470 190-250', '#2f3140', 34) + line('-120 -382C-60-420 60-420 120-382', '#555a6e', 26);
  return { footprint: 500, width: 500, height: 420, svg: band + cup(-1) + cup(1) };
}

function sofa(): ItemArt {
  const fabric = '#3f7cac';
  const cushion = lighter(fabric, 0.14);
  const sheen = lighter(fabric, 0.3);
  let svg = '';
  for (const x of [-350, -250, 230, 330]) svg += shape(`M${x} -40h20l-4 40h-12z`, '#5b3a29');
  svg += rect(-390, -170, 780, 140, darker(fabric, 0.12), 22) + rect(-335, -360, 670, 230, darker(fabric, 0.18), 34);
  for (const x of [-320, -107, 106]) {
    svg += rect(x, -345, 214, 180, cushion, 30) + rect(x + 10, -335, 194, 16, sheen, 8);
    svg += rect(x, -178, 214, 70, cushion, 18) + rect(x + 8, -172, 198, 10, sheen, 5);
  }
  for (const x of [-410, 310]) svg += rect(x, -270, 100, 240, fabric, 42) + rect(x + 14, -262, 72, 18, sheen, 9);
  const pillow = rect(-62, -62, 124, 124, '#f2b134', 26) + rect(-40, -8, 80, 16, '#ffffff', 8, { opacity: 0.6 });
  return { footprint: 820, width: 820, height: 360, svg: svg + group('translate(-215 -210) rotate(-12)', pillow) };
}

function miniFridge(): ItemArt {
  const body = '#8fd3c1';
  const chrome = '#dfe4ea';
  let grille = '';
  for (let x = -130; x <= 110; x += 24) grille += rect(x, -76, 12, 36, darker(body, 0.45), 6);
  const feet = rect(-150, -20, 30, 20, '#3b3f4a', 4) + rect(145, -20, 30, 20, '#3b3f4a', 4);
  // Side and top faces give the box depth, so it reads as an appliance rather than a flat panel.
  const depth =
    shape('M170 -500L214 -530V-46L170 -20Z', darker(body, 0.25)) +
    shape('M-170 -500L-126 -530H214L170 -500Z', lighter(body, 0.35));
  const front = rect(-170, -500, 340, 480, body, 18) + rect(-170, -96, 340, 76, darker(body, 0.12), 18) + grille;
  const doors = rect(-170, -398, 340, 8, darker(body, 0.3)) + rect(-150, -486, 10, 470, lighter(body, 0.35), 5);
  const handles =
    rect(122, -370, 18, 150, chrome, 9) + rect(127, -362, 6, 130, '#ffffff', 3) + rect(122, -470, 18, 52, chrome, 9);
  // A note and magnets: the quickest cue that this box is a dorm fridge and not a cabinet.
  const note = rect(-45, -45, 90, 90, '#ffe28a', 4) + rect(-16, -52, 32, 14, '#ef476f', 7);
  const magnets = circle(40, -330, 16, '#3a86ff') + circle(70, -260, 13, '#ef476f');
  const svg = feet + depth + front + doors + handles + group('translate(-70 -300) rotate(-6)', note) + magnets;
  return { footprint: 420, width: 420, height: 530, svg };
}

function guitar(): ItemArt {
  const wood = '#d9914f';
  const neck = '#5a3620';
  let fretboard = rect(-24, -700, 48, 300, neck, 6);
  for (let y = -440; y > -690; y -= 32) fretboard += line(`-22 ${y} H22`, '#c9c2b6', 3);
  let head = '';
  for (const y of [-750, -730, -710]) {
    head += rect(-52, y - 5, 104, 10, '#7d7f87', 5) + circle(-52, y, 10, '#c3c5cc') + circle(52, y, 10, '#c3c5cc');
  }
  head +=
    shape('M-26 -690L-44 -746Q-46 -762-28 -764H28Q46 -762 44 -746L26 -690Z', neck) +
    rect(-24, -700, 48, 8, '#efe6d2', 3);
  let strings = rect(-56, -136, 112, 20, '#3b2314', 6);
  for (const x of [-15, -9, -3, 3, 9, 15]) strings += line(`${x} -130 L${x * 0.7} -694`, '#eee8dc', 1.6);
  const body =
    shape(P.guitarBody, wood, { stroke: darker(wood, 0.5), 'stroke-width': 7 }) +
    shape(P.guitarShine, lighter(wood, 0.22)) +
    shape('M20 -250Q90 -250 96 -190Q70 -150 30 -176Z', darker(wood, 0.45)) +
    circle(0, -300, 46, '#3b2314', { stroke: darker(wood, 0.35), 'stroke-width': 8 });
  // Slight lean, the way a guitar stands propped up for a listing photo.
  return { footprint: 300, width: 340, height: 770, svg: group('rotate(8)', body + fretboard + head + strings) };
}

function sneaker(upper: string, dim: number): string {
  const c = (hex: string): string => mix(hex, '#2a2d3a', dim);
  let laces = '';
  for (let i = 0; i < 5; i++) {
    const [x, y] = [-34 + i * 40, -236 + i * 25];
    laces +=
      line(`${x - 14} ${y + 14} L${x + 12} ${y - 26}`, c('#ffffff'), 10) + circle(x - 14, y + 14, 5, c('#2a2d3a'));
  }
  const sole = shape(P.sole, c('#f4f2ee')) + shape('M-278-16Q-278 0-258 0H270Q296-2 301-20H-278Z', c('#c98b52'));
  const collar = shape('M-256-210Q-170-232-80-230Q-112-210-158-212Q-214-218-256-210Z', c('#262833'));
  const eyestay = shape('M-58-250L-30-256L190-118L150-112Z', c(darker(upper, 0.18)));
  const toeCap = shape('M150-126Q262-110 298-62H166Q130-92 150-126Z', c(lighter(upper, 0.25)));
  const stripe = shape('M-230-86Q-90-96 40-164L70-142Q-50-78-214-70Z', c('#ffffff'));
  const heelTab = shape('M-266-204Q-284-150-262-100L-236-100Q-252-150-240-202Z', c('#ef476f'));
  return sole + shape(P.upper, c(upper)) + collar + eyestay + toeCap + stripe + heelTab + laces;
}

function sneakers(): ItemArt {
  const back = group('translate(100 -44) scale(0.95)', sneaker('#3a6ff0', 0.3));
  return { footprint: 680, width: 720, height: 320, svg: back + group('translate(-50 0)', sneaker('#3a6ff0', 0)) };
}

function laptop(): ItemArt {
  let keys = '';
  for (let row = 0; row < 4; row++) {
    const half = 260 + row * 14;
    for (let x = -half; x < half - 10; x += half / 7)
      keys += rect(x + 2, -100 + row * 16, half / 8.5, 10, '#3a3f4a', 2);
  }
  const stops = el('stop', { offset: 0, 'stop-color': '#4f7cff' }) + el('stop', { offset: 1, 'stop-color': '#b06bff' });
  const gradient = el('linearGradient', { id: 'laptopScreen', x1: 0, y1: 0, x2: 1, y2: 1 }, stops);
  const hills =
    shape('M-280-130L-150-260L-60-190L60-320L280-150V-130Z', '#ffffff', { opacity: 0.22 }) +
    shape('M-280-130L-110-220L40-160L180-230L280-180V-130Z', '#1b1f3a', { opacity: 0.35 });
  // A wallpaper and one open window say "screen is on" without needing any text.
  const window =
    rect(-240, -450, 200, 130, '#ffffff', 10, { opacity: 0.85 }) + rect(-240, -450, 200, 22, '#e6e9f2', 10);
  const lines = rect(-220, -410, 120, 12, '#c9cfe0', 6) + rect(-220, -386, 150, 12, '#c9cfe0', 6);
  const lid = rect(-300, -500, 600, 392, '#23262d', 22) + rect(-280, -480, 560, 350, 'url(#laptopScreen)', 6);
  const screen =
    lid + hills + circle(170, -400, 34, '#ffe28a', { opacity: 0.9 }) + window + lines + circle(0, -490, 4, '#555b66');
  const deck = shape('M-310-112H310L392-14Q394 0 380 0H-380Q-394 0-392-14Z', '#c9ced6');
  const base =
    deck + shape('M-392-14Q-394 0-380 0H380Q394 0 392-14Z', '#9ba2ad') + rect(-310, -116, 620, 8, '#5d636e', 3);
  const trackpad = rect(-70, -34, 140, 22, '#b4bac4', 6);
  return { footprint: 790, width: 790, height: 500, svg: el('defs', {}, gradient) + screen + base + keys + trackpad };
}

function gameConsole(): ItemArt {
  const stick = (x: number): string => circle(x, -66, 30, '#3a3f4a') + circle(x, -66, 18, '#5d636e');
  const dpad = rect(-170, -112, 66, 22, '#3a3f4a', 5) + rect(-148, -134, 22, 66, '#3a3f4a', 5);
  const buttons =
    circle(140, -130, 14, '#2ec27e') +
    circle(172, -100, 14, '#ef476f') +
    circle(140, -70, 14, '#3a86ff') +
    circle(108, -100, 14, '#f2b134');
  const shell =
    shape(P.controller, '#eef1f5') + shape('M-196-140L-244-20Q-258 32-216 40Q-230 10-214-40L-178-132Z', '#d4d9e1');
  const menu = rect(-30, -128, 20, 10, '#b4bac4', 5) + rect(10, -128, 20, 10, '#b4bac4', 5);
  const controller = shell + dpad + buttons + stick(-62) + stick(62) + menu;
  // The console alone is just a black box; the controller in front is what makes it read.
  const box =
    shape('M-300-300L-250-340H330L280-300Z', '#3a3f4d') +
    shape('M280-300L330-340V-30L280 0Z', '#15171e') +
    rect(-300, -300, 580, 300, '#242834', 16);
  const trim =
    rect(-280, -160, 540, 6, '#4cc9f0', 3) + rect(-260, -240, 220, 8, '#15171e', 4) + circle(240, -236, 9, '#4cc9f0');
  return {
    footprint: 700,
    width: 720,
    height: 360,
    svg: box + trim + group('translate(80 -40) rotate(-6)', controller),
  };
}

function plant(): ItemArt {
  const greens = ['#2f8f4e', '#3fa65f', '#247a42'];
  // Angle, length, half-width per leaf: a fan of varied leaves looks grown, not stamped.
  const leaves = [
    -62, 250, 62, 62, 260, 60, -38, 330, 70, 38, 320, 70, -14, 380, 72, 12, 350, 66, -80, 200, 50, 82, 210, 52, -4, 270,
    60,
  ];
  let svg = '';
  for (let i = 0; i + 2 < leaves.length; i += 3) {
    const [angle = 0, len = 0, w = 0] = leaves.slice(i, i + 3);
    const d = `M0 0C${w} ${-len * 0.3} ${w} ${-len * 0.75} 0 ${-len}C${-w} ${-len * 0.75} ${-w} ${-len * 0.3} 0 0Z`;
    const leaf = shape(d, greens[(i / 3) % greens.length] ?? '#2f8f4e') + line(`0 -10 L0 ${-len * 0.85}`, '#8fd19e', 4);
    svg += group(`translate(0 -210) rotate(${angle})`, leaf);
  }
  const pot = shape('M-108-196H108L86 0H-86Z', '#d97b4f') + shape('M40-196H108L86 0H30Z', '#c0643b');
  const rim = rect(-124, -236, 248, 46, '#e08a5e', 10) + rect(-124, -236, 248, 10, '#eda27c', 5);
  return { footprint: 240, width: 560, height: 600, svg: svg + pot + rim };
}

function backpack(): ItemArt {
  const body = '#f4a261';
  const deep = darker(body, 0.28);
  const zipPull = (x: number, y: number): string => rect(x, y, 12, 40, '#3b3f4a', 5);
  const strap = (x: number): string => rect(x - 14, -250, 28, 200, deep, 8) + rect(x - 20, -140, 40, 26, '#3b3f4a', 6);
  const sides = rect(-206, -200, 56, 180, deep, 22) + rect(150, -200, 56, 180, deep, 22);
  const main = shape(P.pack, body) + shape(P.packShine, lighter(body, 0.2)) + zipPull(138, -330);
  const zip = line('-148 -318Q-148-440 0-442Q148-440 148-318', deep, 7);
  const pocket = rect(-140, -260, 280, 240, darker(body, 0.1), 44) + line('-110 -228Q0-250 110-228', deep, 6);
  const badge = circle(0, -110, 26, '#264653') + circle(0, -110, 12, '#e9c46a');
  const handle = line('-44 -462Q-44-530 0-530Q44-530 44-462', deep, 16);
  const svg = handle + sides + main + zip + pocket + zipPull(104, -232) + strap(-70) + strap(70) + badge;
  return { footprint: 440, width: 440, height: 540, svg };
}

export const ITEM_ART: Record<DemoItemKind, () => ItemArt> = {
  bike,
  textbooks,
  'desk-lamp': deskLamp,
  headphones,
  sofa,
  'mini-fridge': miniFridge,
  guitar,
  sneakers,
  laptop,
  'game-console': gameConsole,
  plant,
  backpack,
};
