import type { PostDto } from '@campus/shared/post-api';
import type { UpdatePostRequest } from '@campus/shared/post-requests';
import { countPostCharacters, POST_MESSAGES, type PostCategory } from '@campus/shared/post-rules';
import { type RichTextDocument, richTextToPlainText } from '@campus/shared/rich-text';
import { useCallback, useState } from 'react';
import { useAlerts } from '../../../lib/alerts/alerts-context.tsx';
import { useOutboxActions } from '../../../local/use-outbox-actions.ts';
import { useOutboxSubmit } from '../../../local/use-outbox-submit.ts';
import { CategorySelect, PostEditor, PriceField, usePriceInput, useTooLongAlert } from '../../composer/index.ts';

/**
 * The owner's Edit post (issue: "an owner edits a post's text, price and
 * category ('Edited' shown)"), in place of the card rather than in a modal
 * (docs/decisions/011). Only what changed is sent; the server sets editedAt.
 */
export function EditPostForm({
  post,
  onSaved,
  onCancel,
}: {
  post: PostDto;
  onSaved: (post: PostDto) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState<RichTextDocument | null>(null);
  const [characters, setCharacters] = useState(() => countPostCharacters(richTextToPlainText(post.text)));
  const [price, setPrice] = useState(post.price === null ? '' : String(post.price));
  const [category, setCategory] = useState(post.category ?? '');
  const { showAlert } = useAlerts();
  const { submit, isPending } = useOutboxSubmit();
  const { updatePost } = useOutboxActions();

  const onTextChange = useCallback((document: RichTextDocument, count: number) => {
    setText(document);
    setCharacters(count);
  }, []);
  const onTooLong = useTooLongAlert();
  const priceInput = usePriceInput(price);

  function changes(dollars: number | null): UpdatePostRequest {
    const body: UpdatePostRequest = {};
    if (text) body.text = text;
    if (dollars !== post.price) body.price = dollars;
    const nextCategory = category === '' ? null : (category as PostCategory);
    if (nextCategory !== post.category) body.category = nextCategory;
    return body;
  }

  async function save() {
    // issue 19: a decimal is refused with the parser's message, never multiplied.
    if (!priceInput.reading.isValid) return priceInput.reveal();
    const body = changes(priceInput.reading.dollars);
    if (Object.keys(body).length === 0) return onCancel();
    // Through the outbox (issue 5): a refusal keeps the form as typed; offline, the edit shows as pending.
    const outcome = await submit(() => updatePost(post.id, body));
    if (outcome === 'refused') return;
    const edited = { ...post, ...body, editedAt: new Date().toISOString() } as PostDto;
    onSaved(edited);
  }

  return (
    <section className="card edit-post" aria-labelledby="edit-post-title">
      <h2 id="edit-post-title" className="edit-post__title">
        Edit post
      </h2>
      <PostEditor initial={post.text} characters={characters} onChange={onTextChange} onTooLong={onTooLong} />
      <div className="composer__row">
        <PriceField value={price} error={priceInput.error} onChange={setPrice} onBlur={priceInput.reveal} />
        <CategorySelect
          value={category}
          onChange={(next) => {
            setCategory(next);
            showAlert(POST_MESSAGES.categorySwitched, 'okay');
          }}
        />
      </div>
      <div className="edit-post__actions">
        <button type="button" className="button button--outline" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={isPending || (characters === 0 && post.media.length === 0)}
          onClick={save}
        >
          {isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
    </section>
  );
}
