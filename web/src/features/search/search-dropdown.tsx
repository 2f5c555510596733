import { SEARCH_BOX_TEXT } from '@campus/shared/search-api';
import { SearchOptionRow } from './search-option-row.tsx';
import { optionKey } from './search-options.ts';
import type { SearchBoxModel } from './use-search-box.ts';

/**
 * The open dropdown (spec 1 §2): the labelled groups of one listbox, or 'Try searching for
 * keywords' when there is nothing to offer. A press inside keeps the focus in the box, so a click
 * lands before any blur closes it.
 */
export function SearchDropdown({
  model,
  listId,
  onClearAll,
}: {
  model: SearchBoxModel;
  listId: string;
  onClearAll: () => void;
}) {
  const { groups, state, dispatch } = model;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only keeps the focus in the combobox's input.
    <div className="search-box__dropdown" onMouseDown={(event) => event.preventDefault()}>
      {groups.length === 0 ? (
        <p className="search-box__empty">{SEARCH_BOX_TEXT.empty}</p>
      ) : (
        <div id={listId} role="listbox" aria-label="Search suggestions" className="search-box__list">
          {groups.map((group, groupIndex) => {
            const labelId = `${listId}-group-${groupIndex}`;
            return (
              // biome-ignore lint/a11y/useSemanticElements: a group of listbox options (APG grouped listbox), not of form fields.
              <div key={group.label} role="group" aria-labelledby={labelId} className="search-box__group">
                <div role="presentation" className="search-box__group-head">
                  <span id={labelId} className="search-box__group-title">
                    {group.label}
                  </span>
                  {group.label === SEARCH_BOX_TEXT.myRecent && model.showsClearAll && (
                    // Tab from the box reaches it; the options stay the arrows' (decision 038).
                    <button
                      type="button"
                      className="search-box__clear"
                      onClick={onClearAll}
                      onKeyDown={model.onClearAllKeyDown}
                    >
                      {SEARCH_BOX_TEXT.clearAll}
                    </button>
                  )}
                </div>
                {group.options.map((option, offset) => {
                  const index = group.start + offset;
                  return (
                    <SearchOptionRow
                      key={`${group.label}:${optionKey(option)}`}
                      id={`${listId}-${index}`}
                      option={option}
                      query={state.query}
                      isActive={index === state.active}
                      onPick={() => model.pick(option)}
                      onHover={() => index !== state.active && dispatch({ type: 'hovered', index })}
                      onRemove={(text) => void model.recent.remove(text)}
                    />
                  );
                })}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
