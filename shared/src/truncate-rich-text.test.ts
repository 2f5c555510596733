import { plainTextToRichText, type RichTextDocument, richTextToPlainText } from '@campus/shared/rich-text';
import { describe, expect, it } from 'vitest';
import { truncateRichText } from './truncate-rich-text.ts';

function paragraph(...children: { text: string; format?: number }[]) {
  return { type: 'paragraph', children: children.map((child) => ({ type: 'text', format: 0, ...child })) };
}

describe('truncateRichText (spec 2 §9 preview truncation)', () => {
  it('keeps the first 200 characters and ends with an ellipsis', () => {
    const preview = truncateRichText(plainTextToRichText('a'.repeat(250)), 200);
    expect(richTextToPlainText(preview)).toBe(`${'a'.repeat(200)}…`);
  });

  it('counts a paragraph break as one character, as the plain text does, and keeps formatting', () => {
    const document: RichTextDocument = {
      root: {
        type: 'root',
        children: [paragraph({ text: 'Bold', format: 1 }, { text: ' lamp' }), paragraph({ text: 'x'.repeat(50) })],
      },
    };
    const preview = truncateRichText(document, 20);
    // 'Bold lamp' (9) + the break (1) leaves 10 of the second paragraph.
    expect(richTextToPlainText(preview)).toBe(`Bold lamp\n${'x'.repeat(10)}…`);
    expect(preview.root.children?.[0]?.children?.[0]).toMatchObject({ text: 'Bold', format: 1 });
  });

  it('adds the ellipsis when the cut falls exactly between two nodes, and leaves the source unchanged', () => {
    const document: RichTextDocument = {
      root: { type: 'root', children: [paragraph({ text: 'abcde' }, { text: 'fghij' })] },
    };
    const before = JSON.stringify(document);
    expect(richTextToPlainText(truncateRichText(document, 5))).toBe('abcde…');
    expect(JSON.stringify(document)).toBe(before);
  });

  it('backs up to the last whole word rather than cutting one in half', () => {
    const preview = truncateRichText(plainTextToRichText('Pick up near the stadium tonight'), 19);
    expect(richTextToPlainText(preview)).toBe('Pick up near the…');
    // A cut that lands on a space keeps every word before it.
    expect(richTextToPlainText(truncateRichText(plainTextToRichText('Pick up near'), 7))).toBe('Pick up…');
  });

  it('returns a short text whole, without an ellipsis', () => {
    expect(richTextToPlainText(truncateRichText(plainTextToRichText('Short\nnote'), 200))).toBe('Short\nnote');
  });
});
