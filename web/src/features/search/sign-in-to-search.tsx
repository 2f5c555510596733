import { SEARCH_SIGN_IN_MESSAGE } from '@campus/shared/search-rules';

/**
 * What a visitor on a private campus sees instead of results (spec 2 §2):
 * the auth modal's own title, and a way to open it again after closing it.
 */
export function SignInToSearch({ onSignIn }: { onSignIn: () => void }) {
  return (
    <section className="card empty-state">
      <h2 className="empty-state__title">{SEARCH_SIGN_IN_MESSAGE}</h2>
      <p className="empty-state__text">Log in or join to search this campus.</p>
      <button type="button" className="button button--primary" onClick={onSignIn}>
        Log In
      </button>
    </section>
  );
}
