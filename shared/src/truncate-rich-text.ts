import type { RichTextDocument, RichTextNode } from '@campus/shared/rich-text';

/**
 * The first `limit` characters of a document, counted as richTextToPlainText
 * counts them (a paragraph break is one), keeping bold, italics and
 * paragraphs, with '…' after the cut. The preview is the text itself, not a
 * flattened copy, so 'See more' only adds what follows.
 */
export function truncateRichText(document: RichTextDocument, limit: number): RichTextDocument {
  let budget = limit;
  let isCut = false;

  function cut(node: RichTextNode): RichTextNode | null {
    if (budget <= 0) {
      isCut = true;
      return null;
    }
    if (typeof node.text === 'string') {
      if (node.text.length <= budget) {
        budget -= node.text.length;
        return node;
      }
      isCut = true;
      const text = `${cutAtWord(node.text, budget)}…`;
      budget = 0;
      return { ...node, text };
    }
    if (node.type === 'linebreak') {
      budget -= 1;
      return node;
    }
    const children: RichTextNode[] = [];
    for (const child of node.children ?? []) {
      const kept = cut(child);
      if (kept) children.push(kept);
    }
    return { ...node, children };
  }

  const paragraphs: RichTextNode[] = [];
  for (const [index, paragraph] of (document.root.children ?? []).entries()) {
    if (index > 0) budget -= 1; // the line between paragraphs
    const kept = cut(paragraph);
    if (kept) paragraphs.push(kept);
  }
  if (isCut) appendEllipsisIfMissing(paragraphs);
  return { root: { ...document.root, children: paragraphs } };
}

/** The first `length` characters, backed up to the last whole word when the cut falls inside one. */
function cutAtWord(text: string, length: number): string {
  const slice = text.slice(0, length);
  const isInsideWord = /\S/.test(text.charAt(length)) && /\S$/.test(slice);
  const wholeWords = isInsideWord ? slice.replace(/\s+\S*$/, '') : slice;
  // One very long word has no boundary to back up to.
  return (wholeWords || slice).trimEnd();
}

/** A cut that fell between nodes still ends with '…' so the reader sees there is more. */
function appendEllipsisIfMissing(paragraphs: RichTextNode[]): void {
  const last = paragraphs.at(-1);
  if (!last || findLastText(last)?.text?.endsWith('…')) return;
  paragraphs[paragraphs.length - 1] = { ...last, children: [...(last.children ?? []), { type: 'text', text: '…' }] };
}

function findLastText(node: RichTextNode): RichTextNode | null {
  if (typeof node.text === 'string') return node;
  const children = node.children ?? [];
  for (let index = children.length - 1; index >= 0; index--) {
    const child = children[index];
    const found = child ? findLastText(child) : null;
    if (found) return found;
  }
  return null;
}
