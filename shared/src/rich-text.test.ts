import { describe, expect, it } from 'vitest';
import { plainTextToRichText, richTextToPlainText } from './rich-text.ts';

describe('rich text', () => {
  it('round-trips plain text, keeping blank lines', () => {
    const text = 'Calc II textbook\n\nTake both for $70';
    expect(richTextToPlainText(plainTextToRichText(text))).toBe(text);
  });

  it('stores one Lexical paragraph per line', () => {
    const document = plainTextToRichText('a\nb');
    expect(document.root.type).toBe('root');
    expect(document.root.children?.map((node) => node.type)).toEqual(['paragraph', 'paragraph']);
    expect(document.root.children?.[1]?.children?.[0]).toMatchObject({ type: 'text', text: 'b' });
  });
});
