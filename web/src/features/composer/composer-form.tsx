import { POST_MESSAGES, type PostCategory } from '@campus/shared/post-rules';
import type { RichTextDocument } from '@campus/shared/rich-text';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import { Icon } from '../../lib/icon.tsx';
import { useOutboxActions } from '../../local/use-outbox-actions.ts';
import { type SubmitOutcome, useOutboxSubmit } from '../../local/use-outbox-submit.ts';
import { CategoryPickerLink } from './category-picker-link.tsx';
import { CategorySelect } from './category-select.tsx';
import { type ComposerDraft, clearDraft, loadDraft, saveDraft } from './composer-draft.ts';
import { PhotoStrip } from './photo-strip.tsx';
import { PostEditor } from './post-editor.tsx';
import { PriceField } from './price-field.tsx';
import { usePhotoUploads } from './use-photo-uploads.ts';
import { usePriceInput } from './use-price-input.ts';
import { useTooLongAlert } from './use-too-long-alert.ts';

export interface ComposerFormProps {
  /** The post's id, and whether it reached the server or waits in the outbox (issue 5). */
  onPosted: (postId: string, outcome: Exclude<SubmitOutcome, 'refused'>) => void;
  onDirtyChange: (isDirty: boolean) => void;
}

function hasWork(draft: ComposerDraft): boolean {
  return draft.uploads.length > 0 || draft.price !== '' || draft.category !== '' || draft.text !== null;
}

/** The post composer: text, price, category and up to 10 photos; the draft autosaves. */
export function ComposerForm({ onPosted, onDirtyChange }: ComposerFormProps) {
  const [draft, setDraftState] = useState<ComposerDraft>(loadDraft);
  const [characters, setCharacters] = useState(0);
  const isEdited = useRef(false);
  const { showAlert } = useAlerts();
  const { submit: submitThroughOutbox, isPending } = useOutboxSubmit();
  const { createPost } = useOutboxActions();
  const onTooLong = useTooLongAlert();
  const price = usePriceInput(draft.price);

  const setDraft = useCallback((update: (current: ComposerDraft) => ComposerDraft) => {
    isEdited.current = true;
    setDraftState(update);
  }, []);
  // Every edit is kept on the device at once; the draft loaded at start is not work done here yet.
  useEffect(() => {
    if (!isEdited.current) return;
    saveDraft(draft);
    onDirtyChange(hasWork(draft));
  }, [draft, onDirtyChange]);
  const setUploads = useCallback(
    (update: (current: ComposerDraft['uploads']) => ComposerDraft['uploads']) =>
      setDraft((current) => ({ ...current, uploads: update(current.uploads) })),
    [setDraft],
  );
  const { pending, waiting, addFiles, remove } = usePhotoUploads(draft.uploads, setUploads);

  const onTextChange = useCallback(
    (text: RichTextDocument, count: number) => {
      setCharacters(count);
      setDraft((current) => ({ ...current, text: count > 0 ? text : null }));
    },
    [setDraft],
  );

  function moveTo(from: number, to: number) {
    setUploads((current) => {
      const next = [...current];
      const [item] = next.splice(from, 1);
      if (item) next.splice(to, 0, item);
      return next;
    });
  }

  async function submit() {
    // issue 19: '45.99' is refused here with the parser's message, never sent as 4599.
    if (!price.reading.isValid) return price.reveal();
    const request = {
      text: draft.text ?? undefined,
      price: price.reading.dollars ?? undefined,
      category: (draft.category || undefined) as PostCategory | undefined,
    };
    let postId = '';
    // Photos picked while offline travel with it as Blobs and are uploaded when the outbox sends it.
    const outcome = await submitThroughOutbox(async () => {
      postId = await createPost(request, waiting, draft.uploads);
      return postId;
    });
    if (outcome === 'refused') return;
    isEdited.current = false;
    clearDraft();
    onDirtyChange(false);
    onPosted(postId, outcome);
  }

  const hasFiles = draft.uploads.length > 0 || waiting.length > 0;
  const canPost = (characters > 0 || hasFiles) && pending.length === 0 && !isPending;
  return (
    <div className="composer">
      <PostEditor initial={draft.text} characters={characters} onChange={onTextChange} onTooLong={onTooLong} />
      <div className="composer__row">
        <PriceField
          value={draft.price}
          error={price.error}
          onChange={(typed) => setDraft((current) => ({ ...current, price: typed }))}
          onBlur={price.reveal}
        />
        <CategorySelect
          value={draft.category}
          onChange={(category) => {
            setDraft((current) => ({ ...current, category }));
            showAlert(POST_MESSAGES.categorySwitched, 'okay');
          }}
        />
      </div>
      <CategoryPickerLink isUploading={pending.length > 0} />
      <PhotoStrip
        uploads={draft.uploads}
        pending={[
          ...pending,
          ...waiting.map((file) => ({ key: file.id, name: file.name, progress: 0, isWaiting: true })),
        ]}
        onMove={(index, offset) => moveTo(index, index + offset)}
        onMakeCover={(index) => moveTo(index, 0)}
        onRemove={(index) => void remove(index)}
      />
      <div className="composer__footer">
        <label className="button button--outline">
          <Icon name="plus" size={18} /> Photos / videos
          <input
            type="file"
            multiple
            className="visually-hidden"
            accept="image/jpeg,image/png,image/gif,image/webp,video/mp4,video/quicktime,video/webm,video/x-msvideo"
            onChange={(event) => {
              void addFiles(Array.from(event.target.files ?? []));
              event.target.value = '';
            }}
          />
        </label>
        <button type="button" className="button button--primary" disabled={!canPost} onClick={submit}>
          {isPending ? 'Processing...' : 'Post'}
        </button>
      </div>
      {isPending && (
        <div className="progress-dialog" role="status">
          Uploading Post...
        </div>
      )}
    </div>
  );
}
