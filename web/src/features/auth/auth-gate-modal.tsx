import { Modal } from '../../lib/modal.tsx';
import { AUTH_GATE_TITLES, type AuthGateType } from './auth-gate-titles.ts';
import { SignInButtons } from './sign-in-buttons.tsx';

export function AuthGateModal({ type, onClose }: { type: AuthGateType; onClose: () => void }) {
  return (
    <Modal title={AUTH_GATE_TITLES[type]} onClose={onClose}>
      <p className="modal__text">Sign in with your school account to buy, sell and message students on your campus.</p>
      <SignInButtons onNavigate={onClose} />
    </Modal>
  );
}
