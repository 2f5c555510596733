import type { RichTextDocument, RichTextNode } from '@campus/shared/rich-text';
import type { ReactNode } from 'react';

const BOLD = 1;
const ITALIC = 2;
const UNDERLINE = 8;

function renderNode(node: RichTextNode, key: number): ReactNode {
  if (typeof node.text === 'string') {
    const format = typeof node.format === 'number' ? node.format : 0;
    let content: ReactNode = node.text;
    if (format & BOLD) content = <strong>{content}</strong>;
    if (format & ITALIC) content = <em>{content}</em>;
    if (format & UNDERLINE) content = <u>{content}</u>;
    return <span key={key}>{content}</span>;
  }
  if (node.type === 'linebreak') return <br key={key} />;
  const children = (node.children ?? []).map(renderNode);
  return node.type === 'paragraph' ? <p key={key}>{children}</p> : <span key={key}>{children}</span>;
}

/** Renders stored rich text as React elements: never as HTML, so nothing a student typed can inject markup. */
export function RichTextView({ document }: { document: RichTextDocument }) {
  return <div className="rich-text">{(document.root.children ?? []).map(renderNode)}</div>;
}
