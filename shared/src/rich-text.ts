/**
 * Post text is stored as rich-text JSON in the shape of Lexical's serialized
 * editor state (docs/decisions/004-rich-text-format.md), so the composer of
 * issue 4 can load what the demo seed and the server write today.
 */
export interface RichTextNode {
  type: string;
  text?: string;
  /** Lexical's format bit field: 1 bold, 2 italic, 8 underline. */
  format?: number | string;
  children?: RichTextNode[];
  [key: string]: unknown;
}

export interface RichTextDocument {
  root: RichTextNode;
}

export function plainTextToRichText(text: string): RichTextDocument {
  const paragraphs = text.split(/\n/).map((line) => ({
    type: 'paragraph',
    version: 1,
    format: '',
    indent: 0,
    direction: 'ltr',
    children: line ? [{ type: 'text', version: 1, text: line, format: 0, detail: 0, mode: 'normal', style: '' }] : [],
  }));
  return { root: { type: 'root', version: 1, format: '', indent: 0, direction: 'ltr', children: paragraphs } };
}

/** The plain text of a document, one line per paragraph (search, previews, the 500 rule). */
export function richTextToPlainText(document: RichTextDocument): string {
  function textOf(node: RichTextNode): string {
    if (typeof node.text === 'string') return node.text;
    if (node.type === 'linebreak') return '\n';
    return (node.children ?? []).map(textOf).join('');
  }
  return (document.root.children ?? []).map(textOf).join('\n');
}
