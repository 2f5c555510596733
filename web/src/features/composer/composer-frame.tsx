import { type ReactNode, useId, useRef } from 'react';
import { Icon } from '../../lib/icon.tsx';
import { useDialog } from '../../lib/use-dialog.ts';

interface ComposerFrameProps {
  isModal: boolean;
  title: string;
  /** The close button, Escape and the backdrop: the caller asks about unsaved work first. */
  onClose: () => void;
  children: ReactNode;
}

function ComposerHead({
  titleId,
  title,
  isModal,
  onClose,
}: Omit<ComposerFrameProps, 'children'> & { titleId: string }) {
  const Heading = isModal ? 'h2' : 'h1';
  return (
    <header className="composer-card__head">
      <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
        <Icon name="close" />
      </button>
      <Heading id={titleId} className="composer-card__title">
        {title}
      </Heading>
      <span />
    </header>
  );
}

function ComposerDialog({ titleId, onClose, children }: { titleId: string; onClose: () => void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useDialog(dialog, onClose);
  return (
    <dialog ref={dialog} className="composer-modal" aria-labelledby={titleId}>
      <div className="composer-card">{children}</div>
    </dialog>
  );
}

/** A composer's frame (spec 2 §2): a modal dialog on desktop, a full-page card on phones. */
export function ComposerFrame({ isModal, title, onClose, children }: ComposerFrameProps) {
  const titleId = useId();
  const head = <ComposerHead titleId={titleId} title={title} isModal={isModal} onClose={onClose} />;
  if (isModal) {
    return (
      <ComposerDialog titleId={titleId} onClose={onClose}>
        {head}
        {children}
      </ComposerDialog>
    );
  }
  return (
    <section className="card composer-card" aria-labelledby={titleId}>
      {head}
      {children}
    </section>
  );
}
