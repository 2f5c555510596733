import { Link } from 'react-router';
import { Modal } from '../../lib/modal.tsx';
import { VERIFY_SCHOOL_TITLES, type VerifySchoolType } from './auth-gate-titles.ts';

/** spec 1 §4: members without school verification cannot post, comment or message yet. */
export function VerifySchoolModal({ type, onClose }: { type: VerifySchoolType; onClose: () => void }) {
  return (
    <Modal title={VERIFY_SCHOOL_TITLES[type]} onClose={onClose}>
      <p className="modal__text">Confirm your school e-mail to join your campus community.</p>
      <Link to="/settings/account/school_email" className="button button--primary button--block" onClick={onClose}>
        Verify Account
      </Link>
    </Modal>
  );
}
