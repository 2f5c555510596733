import { POST_LIMITS } from '@campus/shared/post-rules';
import { type RichTextDocument, richTextToPlainText } from '@campus/shared/rich-text';
import { truncateRichText } from '@campus/shared/truncate-rich-text';
import { useId, useMemo, useState } from 'react';
import { RichTextView } from './rich-text-view.tsx';

/**
 * spec 2 §2, §9: text longer than 200 characters shows its first 200 and
 * 'See more', which toggles to the whole text and 'See less'. Used by post
 * cards and by every comment and reply in a thread.
 */
export function SeeMoreText({
  document,
  isExpandedAtFirst = false,
}: {
  document: RichTextDocument;
  isExpandedAtFirst?: boolean;
}) {
  const [isExpanded, setIsExpanded] = useState(isExpandedAtFirst);
  const textId = useId();
  const preview = useMemo(() => {
    const isLong = richTextToPlainText(document).length > POST_LIMITS.previewCharacters;
    return isLong ? truncateRichText(document, POST_LIMITS.previewCharacters) : null;
  }, [document]);

  if (!preview) return <RichTextView document={document} />;
  return (
    <div className="see-more">
      <div id={textId}>
        <RichTextView document={isExpanded ? document : preview} />
      </div>
      <button
        type="button"
        className="link-button see-more__toggle"
        aria-expanded={isExpanded}
        aria-controls={textId}
        onClick={() => setIsExpanded((value) => !value)}
      >
        {isExpanded ? 'See less' : 'See more'}
      </button>
    </div>
  );
}
