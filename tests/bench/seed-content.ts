import { CATEGORIES } from '@campus/shared/categories';
import sharp from 'sharp';

/** A seeded generator of numbers in [0, 1) (mulberry32): the same seed gives the same data. */
export type BenchRandom = () => number;

export function createRandom(seed: number): BenchRandom {
  let state = seed >>> 0;
  return function next() {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Every category a listing can carry ('all' is the picker's filter, not a category). */
export const PRICED_CATEGORIES = CATEGORIES.filter((category) => category !== 'all');

const FIRST_NAMES = ['Emily', 'Jacob', 'Sofia', 'Noah', 'Ava', 'Liam', 'Mia', 'Ethan', 'Zoe', 'Lucas', 'Priya', 'Wei'];
const LAST_INITIALS = 'ABCDEFGHJKLMNPRSTW'.split('').map((letter) => `${letter}.`);

export function personName(random: BenchRandom): { firstName: string; lastName: string } {
  return {
    firstName: FIRST_NAMES[Math.floor(random() * FIRST_NAMES.length)] ?? 'Sam',
    lastName: LAST_INITIALS[Math.floor(random() * LAST_INITIALS.length)] ?? 'A.',
  };
}

const SENTENCES = [
  'Selling my barely used mini fridge before move-out.',
  'Pick up near the Union or I can meet on the South Oval.',
  'Works perfectly, just upgraded to a newer one.',
  'Price is firm, cash or Venmo only.',
  'Comes with the original box and charger.',
  'Anyone have a calculus textbook for MATH 2924?',
  'Looking for a roommate for the spring semester, two blocks from campus.',
  'Small scratch on the side, otherwise like new.',
  'Two tickets for Saturday, section 12, face value.',
  'Message me if interested, first come first served.',
  'Lost a black umbrella in Dale Hall yesterday, let me know if you see it.',
  'Desk lamp, bookshelf and a rug, all for one price.',
  'Free to a good home if you can carry it out.',
  'Bike has new tires and a lock included.',
];

/** Realistic post text of 50–300 characters, sometimes on two lines. */
export function listingText(random: BenchRandom): string {
  const target = 50 + Math.floor(random() * 251);
  let text = '';
  while (text.length < target) {
    const sentence = SENTENCES[Math.floor(random() * SENTENCES.length)] ?? '';
    const separator = text === '' ? '' : random() < 0.15 ? '\n' : ' ';
    text += separator + sentence;
  }
  return text.slice(0, 300).trimEnd();
}

/**
 * Tiny blurred data-URL placeholders made the way the media pipeline makes
 * them (a 16px WebP), so feed pages carry bytes of the real size.
 */
export async function makePlaceholders(count: number, random: BenchRandom): Promise<string[]> {
  const placeholders: string[] = [];
  for (let index = 0; index < count; index++) {
    const width = 16;
    const height = 12;
    const pixels = Buffer.alloc(width * height * 3);
    for (let offset = 0; offset < pixels.length; offset++) pixels[offset] = Math.floor(random() * 256);
    const webp = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .blur(1)
      .webp({ quality: 40 })
      .toBuffer();
    placeholders.push(`data:image/webp;base64,${webp.toString('base64')}`);
  }
  return placeholders;
}
