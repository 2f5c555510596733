import { createPost } from '@campus/sync-server/test/factories';
import type { AppServer } from './app-server.ts';

/** Beside the demo's Trek ($240): a road bike over $300 and a cruiser under it, sold. */
export async function seedBikes(server: AppServer): Promise<void> {
  const db = server.server.db;
  const jordan = await db.selectFrom('users').select('id').where('username', '=', 'jordanw').executeTakeFirstOrThrow();
  await createPost(db, {
    user_id: jordan.id,
    text_plain: 'Cannondale road bike, 56 cm, carbon fork. Barely ridden.',
    category: 'sports & outdoors',
    price: 450,
  });
  await createPost(db, {
    user_id: jordan.id,
    text_plain: 'Schwinn cruiser bike with a basket, single speed.',
    category: 'sports & outdoors',
    price: 120,
    is_sold: 1,
  });
}
