import type { DemoItemKind } from './demo-art-items.ts';

/** Demo students and what they post, per campus. Last names are initials, as registration stores them (spec 1 §3). */
interface DemoStudent {
  firstName: string;
  lastName: string;
  bio: string;
  gradYear: number;
}

export interface DemoListing {
  author: number;
  text: string;
  price?: number;
  category?: string;
  item?: DemoItemKind;
  photos?: number;
  isSold?: boolean;
  hoursAgo: number;
  comments?: { author: number; text: string; replies?: { author: number; text: string }[] }[];
}

export interface DemoCampus {
  campusId: string;
  students: DemoStudent[];
  posts: DemoListing[];
}

export const DEMO_CAMPUSES: DemoCampus[] = [
  {
    campusId: 'ou',
    students: [
      {
        firstName: 'Emily',
        lastName: 'C.',
        bio: 'Junior, finance. Selling what fits in my car at the end of the semester.',
        gradYear: 2027,
      },
      { firstName: 'Marcus', lastName: 'T.', bio: 'MechE. Bikes, tools and anything with a motor.', gradYear: 2026 },
      { firstName: 'Priya', lastName: 'S.', bio: 'Pre-med at OU. Textbooks cheap, message me!', gradYear: 2028 },
      { firstName: 'Jordan', lastName: 'W.', bio: 'Music ed major and part-time DJ.', gradYear: 2027 },
      { firstName: 'Sofia', lastName: 'R.', bio: 'Moving off campus in May, everything must go.', gradYear: 2026 },
    ],
    posts: [
      {
        author: 1,
        item: 'bike',
        photos: 3,
        price: 240,
        category: 'sports & outdoors',
        hoursAgo: 1,
        text: 'Trek FX 2 hybrid bike, size M. New tubes in October and a U-lock included. Perfect for getting from Headington to the South Oval in five minutes.',
        comments: [
          {
            author: 2,
            text: 'Is this still available? I could pick it up after 3pm today.',
            replies: [{ author: 1, text: 'Yes! I am at Bizzell until 4, message me.' }],
          },
        ],
      },
      {
        author: 2,
        item: 'textbooks',
        photos: 2,
        price: 70,
        category: 'books movies & music',
        hoursAgo: 3,
        text: 'Calc II (Stewart 9th ed.) and Gen Chem (Tro 5th ed.). Light highlighting, no missing pages.\nTake both for $70 or $40 each.',
      },
      {
        author: 0,
        item: 'sofa',
        photos: 3,
        price: 120,
        category: 'furniture',
        hoursAgo: 6,
        text: 'Grey 3-seat sofa from Target, no stains, pet-free apartment. Moving out of Traditions East, must go by Friday. You pick up.',
        comments: [
          { author: 4, text: 'Would you take $90?' },
          { author: 3, text: 'Does it fit through a normal door? Asking for a 2nd floor apartment.' },
        ],
      },
      {
        author: 3,
        item: 'guitar',
        photos: 2,
        price: 180,
        category: 'musical instruments',
        hoursAgo: 9,
        text: 'Yamaha FG800 acoustic, new strings, gig bag and capo included. Great first guitar.',
      },
      {
        author: 4,
        hoursAgo: 12,
        text: 'Anyone have two tickets for the Texas game? Will pay face value plus a little. Section does not matter!',
      },
      {
        author: 4,
        item: 'mini-fridge',
        photos: 1,
        price: 60,
        category: 'household',
        hoursAgo: 20,
        isSold: true,
        text: 'Mini fridge, 3.1 cu ft. Works perfectly and fits under a lofted dorm bed.',
      },
      {
        author: 0,
        item: 'desk-lamp',
        photos: 1,
        price: 15,
        category: 'home decor',
        hoursAgo: 26,
        text: 'LED desk lamp with a USB charging port and 3 brightness levels.',
      },
      {
        author: 1,
        item: 'headphones',
        photos: 2,
        price: 150,
        category: 'audio & speakers',
        hoursAgo: 30,
        text: 'Sony WH-1000XM4 noise-cancelling headphones. Battery still lasts all day, case and cable included.',
        comments: [{ author: 0, text: 'These saved me during finals week. Great price.' }],
      },
      {
        author: 2,
        hoursAgo: 40,
        text: 'Looking for a subleaser for spring: 1 bed in a 3x3 at The Standard, $615/month, utilities included. Message me for photos.',
      },
      {
        author: 3,
        item: 'sneakers',
        photos: 2,
        price: 85,
        category: 'clothing shoes & accessories',
        hoursAgo: 52,
        text: "Nike Air Max 90, men's size 10. Worn twice, too small for me.",
      },
      {
        author: 0,
        item: 'plant',
        photos: 1,
        price: 20,
        category: 'home decor',
        hoursAgo: 70,
        text: 'Monstera in a ceramic pot, about 2 ft tall. Cannot take it home for the summer.',
      },
    ],
  },
  {
    campusId: 'ut',
    students: [
      { firstName: 'Diego', lastName: 'M.', bio: 'CS at UT. Building things, selling the old ones.', gradYear: 2027 },
      { firstName: 'Hannah', lastName: 'K.', bio: 'Plan II. Coffee, books, long walks to the PCL.', gradYear: 2026 },
      { firstName: 'Tyler', lastName: 'B.', bio: 'Business honors, weekend gamer.', gradYear: 2028 },
      { firstName: 'Aisha', lastName: 'N.', bio: 'Architecture. Will trade plants for desk space.', gradYear: 2027 },
    ],
    posts: [
      {
        author: 0,
        item: 'laptop',
        photos: 3,
        price: 650,
        category: 'computers & accessories',
        hoursAgo: 2,
        text: 'MacBook Air M2, 13", 16 GB / 512 GB. Battery cycle count 112, always in a case. Charger included.',
        comments: [
          {
            author: 2,
            text: 'Any scratches on the screen?',
            replies: [{ author: 0, text: 'None, I used a screen protector the whole time.' }],
          },
        ],
      },
      {
        author: 2,
        item: 'game-console',
        photos: 2,
        price: 300,
        category: 'video games & consoles',
        hoursAgo: 5,
        text: 'Switch OLED with two controllers and Mario Kart 8. Meet on Speedway or in West Campus.',
      },
      {
        author: 1,
        item: 'textbooks',
        photos: 1,
        price: 35,
        category: 'books movies & music',
        hoursAgo: 8,
        text: 'Intro to Psychology and Microeconomics textbooks, both for $35.',
      },
      {
        author: 3,
        item: 'plant',
        photos: 2,
        price: 25,
        category: 'home decor',
        hoursAgo: 14,
        text: 'Fiddle leaf fig, 3 ft, very healthy. Loves a west-facing window.',
      },
      {
        author: 1,
        hoursAgo: 18,
        text: 'Free moving boxes at Jester West lobby until Sunday, grab as many as you need!',
      },
      {
        author: 3,
        item: 'backpack',
        photos: 2,
        price: 40,
        category: 'clothing shoes & accessories',
        hoursAgo: 28,
        text: 'Herschel backpack with a padded laptop sleeve. Like new.',
      },
      {
        author: 0,
        item: 'bike',
        photos: 2,
        price: 200,
        category: 'sports & outdoors',
        hoursAgo: 44,
        isSold: true,
        text: 'Single-speed commuter bike, 54 cm frame. Lights included.',
      },
    ],
  },
];
