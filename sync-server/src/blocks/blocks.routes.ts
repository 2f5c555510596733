import type { BlockStateDto, BlocksDto } from '@campus/shared/post-api';
import { POST_MESSAGES } from '@campus/shared/post-rules';
import { type Context, Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { requireMember } from '../campus/member-gate.ts';
import type { AppEnv } from '../http/env.ts';
import { requireViewer } from '../sessions/viewer.middleware.ts';
import { toAuthorDto } from '../users/author-dto.ts';
import { addBlock, findBlockedUsers, removeBlock } from './blocks.repository.ts';
import { requireOtherCampusUser } from './campus-user.ts';

/**
 * Beyond the spec (issue 4): a block hides each user's posts and comments
 * from the other (blocks/block-filter.ts) and will stop messages. Mounted at /api.
 */
export function blockRoutes(context: AppContext) {
  const { db } = context;

  /** PUT blocks and DELETE unblocks: the same checks, then one write. */
  function setBlocked(isBlocked: boolean) {
    return async (c: Context<AppEnv>) => {
      const viewer = requireMember(c, 'other');
      const otherId = await requireOtherCampusUser(
        db,
        c.get('campus').id,
        viewer.id,
        c.req.param('id') ?? '',
        POST_MESSAGES.cannotBlockSelf,
      );
      await (isBlocked ? addBlock : removeBlock)(db, viewer.id, otherId);
      const body: BlockStateDto = { isBlocked };
      return c.json(body);
    };
  }

  return new Hono<AppEnv>()
    .put('/users/:id/block', setBlocked(true))
    .delete('/users/:id/block', setBlocked(false))
    .get('/blocks', async (c) => {
      const viewer = requireViewer(c);
      const body: BlocksDto = { users: (await findBlockedUsers(db, viewer.id)).map(toAuthorDto) };
      c.header('Cache-Control', 'private, no-cache');
      return c.json(body);
    });
}
