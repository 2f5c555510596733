import { countPostCharacters, POST_LIMITS } from '@campus/shared/post-rules';
import type { RichTextDocument } from '@campus/shared/rich-text';
import { richTextToPlainText } from '@campus/shared/rich-text';
import { LexicalComposer } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { useEffect, useRef } from 'react';

export interface PostEditorProps {
  /** The post's by default; a comment or reply names its own. */
  label?: string;
  placeholder?: string;
  initial: RichTextDocument | null;
  /** The text's length under the 500 rule, shown below the editor as 'n / 500'. */
  characters: number;
  onChange: (document: RichTextDocument, characters: number) => void;
  /** spec 2 §5: shown when typing would pass 500 (the caller throttles it). */
  onTooLong: () => void;
}

/**
 * Keeps the document within the 500-character rule (spec 2 §5, 2 extra per
 * line break): an update that would pass it is undone, so typing beyond is
 * blocked rather than cut afterwards.
 */
function LimitAndChangePlugin({ onChange, onTooLong }: Pick<PostEditorProps, 'onChange' | 'onTooLong'>) {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      editor.registerUpdateListener(({ editorState, prevEditorState, dirtyElements, dirtyLeaves }) => {
        if (dirtyElements.size === 0 && dirtyLeaves.size === 0) return;
        const document = editorState.toJSON() as unknown as RichTextDocument;
        const characters = countPostCharacters(richTextToPlainText(document));
        if (characters > POST_LIMITS.textMax) {
          onTooLong();
          queueMicrotask(() => editor.setEditorState(prevEditorState));
          return;
        }
        onChange(document, characters);
      }),
    [editor, onChange, onTooLong],
  );
  return null;
}

/** The post text editor: Lexical rich text, stored as its JSON (docs/decisions/004), and its counter. */
export function PostEditor({
  label = 'Post text',
  placeholder = 'What are you selling? Describe it, or just say hi.',
  initial,
  characters,
  onChange,
  onTooLong,
}: PostEditorProps) {
  const initialState = useRef(initial ? JSON.stringify(initial) : undefined);
  return (
    <>
      <LexicalComposer
        initialConfig={{
          namespace: 'post',
          editorState: initialState.current,
          onError: (error) => {
            throw error;
          },
          theme: {
            paragraph: 'editor__paragraph',
            text: { bold: 'editor__bold', italic: 'editor__italic', underline: 'editor__underline' },
          },
        }}
      >
        <div className="editor">
          <RichTextPlugin
            contentEditable={
              <ContentEditable
                className="editor__input"
                aria-label={label}
                aria-placeholder={placeholder}
                placeholder={<div className="editor__placeholder">{placeholder}</div>}
              />
            }
            ErrorBoundary={LexicalErrorBoundary}
          />
          <HistoryPlugin />
          <LimitAndChangePlugin onChange={onChange} onTooLong={onTooLong} />
        </div>
      </LexicalComposer>
      <p className="composer__counter" aria-live="polite">
        {characters} / {POST_LIMITS.textMax}
      </p>
    </>
  );
}
