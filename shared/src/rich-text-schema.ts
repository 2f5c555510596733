/**
 * The zod schema of a rich-text document as a client sends it (post and
 * comment text, docs/decisions/004). Apart from rich-text.ts, which /home
 * imports, so that zod stays out of its entry (decision 031).
 */
import { POST_LIMITS, POST_MESSAGES } from './post-rules.ts';
import type { RichTextDocument, RichTextNode } from './rich-text.ts';
import { z } from './zod.ts';

/** Generous for 500 characters of Lexical output, far below what could hurt the server to walk. */
const MAX_DEPTH = 12;
const MAX_NODES = 2_000;

/**
 * Walks the raw JSON without recursion before zod sees it: zod's recursive
 * schema would itself recurse, so a 100,000-deep document must be refused first.
 */
function isWithinBounds(value: unknown): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  let nodes = 0;
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const [current, depth] = entry;
    if (typeof current !== 'object' || current === null) continue;
    if (depth > MAX_DEPTH * 2 || ++nodes > MAX_NODES) return false;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return true;
}

const nodeSchema: z.ZodType<RichTextNode> = z.lazy(() =>
  z
    .object({
      type: z.string().min(1).max(40),
      text: z
        .string()
        .max(POST_LIMITS.textMax * 3)
        .optional(),
      format: z.union([z.number().int(), z.string().max(40)]).optional(),
      children: z.array(nodeSchema).optional(),
    })
    // Lexical adds version, direction, indent, mode, style… : kept if they are plain values.
    .catchall(z.union([z.string().max(200), z.number(), z.boolean(), z.null()])),
);

const documentShape = z.object({ root: nodeSchema.refine((root) => root.type === 'root') });

/**
 * A Lexical editor state as the composer sends it (docs/decisions/004). Only
 * the shape is trusted; the plain text is always derived by the server, never
 * taken from the client. Any fault is the spec's submit failure, not zod's wording.
 */
export const richTextDocumentSchema: z.ZodType<RichTextDocument, unknown> = z.unknown().transform((value, context) => {
  const parsed = isWithinBounds(value) ? documentShape.safeParse(value) : null;
  if (parsed?.success) return parsed.data;
  context.addIssue({ code: 'custom', message: POST_MESSAGES.submitFailed });
  return z.NEVER;
});
