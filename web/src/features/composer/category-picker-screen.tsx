import { POST_CATEGORIES, POST_MESSAGES } from '@campus/shared/post-rules';
import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useIsCampusMember } from '../../app/session/use-campus-member.ts';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import { postComposerUrl } from '../../lib/composer-links.ts';
import { ScreenHeader } from '../../lib/screen-header.tsx';
import { useAuthGate } from '../auth/index.ts';
import { categoryLabel } from './category-select.tsx';
import { loadDraft, saveDraft } from './composer-draft.ts';

/** History state of /create/categories opened from the composer: a choice goes back to it. */
export interface CategoryPickerEntryState {
  isFromComposer: true;
}

/**
 * /create/categories (spec 1 §2, "screen not shown"; spec 2 §2 "Category
 * picker (modal or dropdown)"): the composer's category picker as a page, for
 * phones (decision 028). A choice is written into the composer's draft, says
 * 'Category switched' and returns to the composer with the rest of the draft.
 */
export function CategoryPickerScreen() {
  const isMember = useIsCampusMember();
  const openAuthGate = useAuthGate();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const { showAlert } = useAlerts();
  const composer = postComposerUrl(searchParams.get('goBack') ?? 'home');
  const current = loadDraft().category;
  const isFromComposer = (location.state as Partial<CategoryPickerEntryState> | null)?.isFromComposer === true;

  useEffect(() => {
    if (!isMember) openAuthGate('post');
  }, [isMember, openAuthGate]);
  // Like the composer: a student who may not post here gets the gate, never a form to fill in.
  if (!isMember) return null;

  function choose(category: string) {
    if (category !== current) {
      saveDraft({ ...loadDraft(), category });
      showAlert(POST_MESSAGES.categorySwitched, 'okay');
    }
    if (isFromComposer) navigate(-1);
    else navigate(composer, { replace: true });
  }

  return (
    <div className="screen-stack">
      <ScreenHeader title="Category" fallback={composer} titleId="category-picker-title" />
      <section className="card category-picker" aria-labelledby="category-picker-title">
        <ul className="category-picker__list">
          {POST_CATEGORIES.map((category) => (
            <li key={category}>
              <button
                type="button"
                className="category-picker__choice"
                aria-pressed={category === current}
                onClick={() => choose(category)}
              >
                {categoryLabel(category)}
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
