import type { FormEvent, ReactNode } from 'react';

/** The frame of one settings page: a title, its fields and a Save button with the spec's disabled rule. */
export function SettingsForm({
  title,
  description,
  isSaveDisabled,
  isPending,
  onSubmit,
  children,
}: {
  title: string;
  description?: ReactNode;
  isSaveDisabled: boolean;
  isPending: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <section className="card settings-page" aria-labelledby="settings-page-title">
      <h1 id="settings-page-title" className="settings-page__title">
        {title}
      </h1>
      {description && <p className="settings-page__description">{description}</p>}
      <form className="form" onSubmit={submit} noValidate>
        {children}
        <button type="submit" className="button button--primary" disabled={isSaveDisabled || isPending}>
          {isPending ? 'Saving…' : 'Save'}
        </button>
      </form>
    </section>
  );
}
