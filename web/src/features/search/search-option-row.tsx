import { AvatarImage } from '../../lib/avatar-image.tsx';
import { Icon } from '../../lib/icon.tsx';
import type { SearchOption } from './search-options.ts';

/**
 * One line of the dropdown: the option (a search, a post title, a person) and, for a recent
 * search, its remove button beside it (not inside: an option's content is presentational).
 * The keys are the combobox's (aria-activedescendant); the mouse picks by click.
 */
export function SearchOptionRow({
  id,
  option,
  query,
  isActive,
  onPick,
  onHover,
  onRemove,
}: {
  id: string;
  option: SearchOption;
  /** The typed words: the rest of a line that starts with them is bold, as in Marketplace. */
  query: string;
  isActive: boolean;
  onPick: () => void;
  onHover: () => void;
  onRemove: (text: string) => void;
}) {
  return (
    <div role="presentation" className={`search-option${isActive ? ' is-active' : ''}`}>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant). */}
      <div
        id={id}
        role="option"
        aria-selected={isActive}
        tabIndex={-1}
        className="search-option__pick"
        onClick={onPick}
        onMouseMove={onHover}
      >
        <OptionContent option={option} query={query} />
      </div>
      {option.kind === 'recent' && (
        <button
          type="button"
          tabIndex={-1}
          className="icon-button search-option__remove"
          aria-label={`Remove ${option.text} from recent searches`}
          onClick={() => onRemove(option.text)}
        >
          <Icon name="close" size={16} />
        </button>
      )}
    </div>
  );
}

function OptionContent({ option, query }: { option: SearchOption; query: string }) {
  if (option.kind === 'person') {
    const { user } = option;
    return (
      <>
        <span className="avatar search-option__avatar">
          <AvatarImage src={user.img} size={32} iconSize={18} />
        </span>
        <span className="search-option__names">
          <span className="search-option__text">
            {user.firstName} {user.lastName}
          </span>
          <span className="search-option__detail">@{user.username}</span>
        </span>
      </>
    );
  }
  const icon = option.kind === 'recent' ? 'clock' : option.kind === 'popular' ? 'trending' : 'search';
  return (
    <>
      <span className="search-option__icon">
        <Icon name={icon} size={18} />
      </span>
      <span className="search-option__text">
        <Completion text={option.kind === 'post' ? option.title : option.text} query={query} />
      </span>
    </>
  );
}

function Completion({ text, query }: { text: string; query: string }) {
  const typed = query.trimStart();
  if (!typed || !text.toLowerCase().startsWith(typed.toLowerCase())) return text;
  return (
    <>
      {text.slice(0, typed.length)}
      <b>{text.slice(typed.length)}</b>
    </>
  );
}
