import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES } from '@campus/shared/account-rules';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../../../app/session/session-context.tsx';
import { useAlerts } from '../../../lib/alerts/alerts-context.tsx';
import { TextField } from '../../../lib/forms/text-field.tsx';
import { Modal } from '../../../lib/modal.tsx';
import { ScreenHeader } from '../../../lib/screen-header.tsx';
import { BioField } from '../bio-field.tsx';
import { PhotoPicker } from '../photo-picker.tsx';
import { useProfileSave } from '../use-profile-save.ts';

type Editing = 'name' | 'bio' | null;

/** /profile/edit (spec 1 §2, §5): photo, display name (modal) and bio (modal); /login with no user. */
export function ProfileEditScreen() {
  const { user } = useSession();
  const [editing, setEditing] = useState<Editing>(null);
  const [firstName, setFirstName] = useState(user?.firstName ?? '');
  const [lastName, setLastName] = useState(user?.lastName ?? '');
  const [bio, setBio] = useState(user?.bio ?? '');
  const { saveProfile, savePhoto, isPending } = useProfileSave();
  const { showAlert } = useAlerts();
  if (!user) return <Navigate to="/login" replace />;

  async function save(body: Parameters<typeof saveProfile>[0]) {
    if (await saveProfile(body)) {
      showAlert(ACCOUNT_MESSAGES.profileUpdated, 'success');
      setEditing(null);
    }
  }

  return (
    <div className="screen-stack">
      <ScreenHeader title="Edit Profile" fallback={`/${user.username}`} titleId="profile-edit-title" />
      <section className="card profile-edit" aria-labelledby="profile-edit-title">
        <PhotoPicker
          img={user.img}
          isBusy={isPending}
          onPick={async (file) => (await savePhoto(file)) && showAlert(ACCOUNT_MESSAGES.profileUpdated, 'success')}
        />
        <button type="button" className="settings-row" onClick={() => setEditing('name')}>
          <span className="settings-row__label">Name</span>
          <span className="settings-row__value">
            {user.firstName} {user.lastName}
          </span>
        </button>
        <button type="button" className="settings-row" onClick={() => setEditing('bio')}>
          <span className="settings-row__label">Bio</span>
          <span className="settings-row__value">{user.bio || 'Add a bio'}</span>
        </button>
        {editing === 'name' && (
          <Modal title="Edit name" onClose={() => setEditing(null)}>
            <TextField
              label="First name"
              maxLength={ACCOUNT_LIMITS.nameMax}
              value={firstName}
              onChange={(event) => setFirstName(event.target.value)}
            />
            <TextField
              label="Last name"
              maxLength={ACCOUNT_LIMITS.nameMax}
              value={lastName}
              onChange={(event) => setLastName(event.target.value)}
            />
            <button
              type="button"
              className="button button--primary"
              disabled={isPending || !firstName.trim() || !lastName.trim()}
              onClick={() => save({ firstName, lastName })}
            >
              Save
            </button>
          </Modal>
        )}
        {editing === 'bio' && (
          <Modal title="Edit bio" onClose={() => setEditing(null)}>
            <BioField value={bio} onChange={setBio} />
            {/* spec 1 §5: "Save appears only when it differs from the current bio." */}
            {bio !== user.bio && (
              <button
                type="button"
                className="button button--primary"
                disabled={isPending}
                onClick={() => save({ bio })}
              >
                Save
              </button>
            )}
          </Modal>
        )}
      </section>
    </div>
  );
}
