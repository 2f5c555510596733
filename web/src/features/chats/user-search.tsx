import { CHAT_MESSAGES, USER_SEARCH_MIN_CHARS } from '@campus/shared/chat-api';
import type { AuthorDto } from '@campus/shared/post-api';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import { AvatarImage } from '../../lib/avatar-image.tsx';
import { Icon } from '../../lib/icon.tsx';
import { moveSelection } from './selection-keys.ts';
import { useUserSearch } from './use-user-search.ts';

/**
 * The new-message person picker (spec 1 §4): a combobox over the campus's
 * people; up/down move the selection and wrap, Enter takes it, and Enter with
 * nothing selected says 'Please select a user!'.
 */
export function UserSearch({ onChoose, isBusy }: { onChoose: (user: AuthorDto) => void; isBusy: boolean }) {
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState(-1);
  const { users, isSearching } = useUserSearch(query);
  const { showAlert } = useAlerts();
  const listId = useId();
  const isShort = query.trim().length < USER_SEARCH_MIN_CHARS;

  // A new list starts with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the results change.
  useEffect(() => setSelected(-1), [users]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = users.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const direction = event.key === 'ArrowDown' ? 'down' : 'up';
      setSelected((index) => moveSelection(index, count, direction));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const user = users[selected];
      if (user) onChoose(user);
      else showAlert(CHAT_MESSAGES.selectUser, 'danger');
    }
  }

  return (
    <div className="user-search">
      <label className="search-box user-search__box">
        <Icon name="search" size={18} />
        <span className="visually-hidden">Search people</span>
        <input
          className="search-box__input"
          type="search"
          role="combobox"
          aria-expanded={users.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={selected >= 0 ? `${listId}-${selected}` : undefined}
          placeholder="Search people on your campus"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={isBusy}
          // biome-ignore lint/a11y/noAutofocus: the screen exists to type a name.
          autoFocus
        />
      </label>
      {isShort && <p className="user-search__hint">Type at least {USER_SEARCH_MIN_CHARS} characters of a name.</p>}
      {!isShort && !isSearching && users.length === 0 && <p className="user-search__hint">No Users</p>}
      <div id={listId} role="listbox" aria-label="People" className="user-search__list">
        {users.map((user, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant).
          <div
            key={user.id}
            tabIndex={-1}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === selected}
            className={`user-search__option${index === selected ? ' is-selected' : ''}`}
            onMouseEnter={() => setSelected(index)}
            onClick={() => onChoose(user)}
          >
            <span className="avatar">
              <AvatarImage src={user.img} size={40} />
            </span>
            <span className="user-search__names">
              <span className="user-search__name">
                {user.firstName} {user.lastName}
              </span>
              <span className="user-search__username">@{user.username}</span>
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}
