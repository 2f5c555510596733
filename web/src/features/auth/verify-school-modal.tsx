import { Link } from 'react-router';
import { useCampus } from '../../app/campus/campus-context.tsx';
import { useSession } from '../../app/session/session-context.tsx';
import { Modal } from '../../lib/modal.tsx';
import { VERIFY_SCHOOL_TITLES, type VerifySchoolType } from './auth-gate-titles.ts';

/**
 * spec 1 §4: members without school verification cannot post, comment or
 * message yet; nor can a verified student of another campus, who is a guest
 * on this site (issue 19, docs/decisions/023).
 */
export function VerifySchoolModal({ type, onClose }: { type: VerifySchoolType; onClose: () => void }) {
  const { user } = useSession();
  const campus = useCampus();
  const isGuest = user?.isSchoolVerified === true && user.campusId !== campus.id;
  return (
    <Modal title={VERIFY_SCHOOL_TITLES[type]} onClose={onClose}>
      <p className="modal__text">
        {isGuest
          ? `You are visiting ${campus.shortName} as a guest. Confirm a ${campus.shortName} school e-mail to take part here.`
          : 'Confirm your school e-mail to join your campus community.'}
      </p>
      <Link to="/settings/account/school_email" className="button button--primary button--block" onClick={onClose}>
        Verify Account
      </Link>
    </Modal>
  );
}
