import type { UploadDto } from '@campus/shared/post-api';
import type { RichTextDocument } from '@campus/shared/rich-text';

/** What the composer keeps on the device so a reload loses nothing the student typed. */
export interface ComposerDraft {
  text: RichTextDocument | null;
  price: string;
  category: string;
  /** Uploaded files, in order; the first is the cover. */
  uploads: UploadDto[];
}

const KEY = 'composer-draft:v1';
const EMPTY_DRAFT: ComposerDraft = { text: null, price: '', category: '', uploads: [] };

export function loadDraft(): ComposerDraft {
  try {
    const stored = localStorage.getItem(KEY);
    return stored ? { ...EMPTY_DRAFT, ...(JSON.parse(stored) as Partial<ComposerDraft>) } : EMPTY_DRAFT;
  } catch {
    return EMPTY_DRAFT;
  }
}

export function saveDraft(draft: ComposerDraft): void {
  localStorage.setItem(KEY, JSON.stringify(draft));
}

export function clearDraft(): void {
  localStorage.removeItem(KEY);
}
