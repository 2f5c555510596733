import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../app/session/session-context.tsx';
import { Icon } from '../../../lib/icon.tsx';
import { BioField } from '../bio-field.tsx';
import { PhotoPicker } from '../photo-picker.tsx';
import { useProfileSave } from '../use-profile-save.ts';

type Step = 'photo' | 'bio' | 'done';

/** spec 1 §2: the finish button names where the user came from. */
function finish(goBack: string | null, username: string): { label: string; to: string } {
  if (goBack?.startsWith('create')) return { label: 'Continue Posting', to: '/create/post' };
  if (goBack === 'profile') return { label: 'Back to Profile', to: `/${username}` };
  return { label: 'Back to Home', to: '/home' };
}

/** /profile/set-up?goBack= (spec 1 §2): pick a picture, write a bio, done. */
export function ProfileSetUpScreen() {
  const { user } = useSession();
  const [params] = useSearchParams();
  const goBack = params.get('goBack');
  const [step, setStep] = useState<Step>('photo');
  const [bio, setBio] = useState(user?.bio ?? '');
  const { saveProfile, savePhoto, isPending } = useProfileSave();
  const navigate = useNavigate();
  if (!user) return null;
  const target = finish(goBack, user.username);
  const stepNumber = step === 'photo' ? 1 : 2;

  return (
    <section className="card wizard" aria-labelledby="wizard-title">
      <header className="wizard__head">
        {step === 'bio' ? (
          <button type="button" className="icon-button" aria-label="Back" onClick={() => setStep('photo')}>
            <Icon name="back" />
          </button>
        ) : (
          <span />
        )}
        {step !== 'done' && <span className="wizard__step">Step {stepNumber} of 2</span>}
        <button type="button" className="icon-button" aria-label="Close" onClick={() => navigate(target.to)}>
          <Icon name="close" />
        </button>
      </header>
      {step === 'photo' && (
        <>
          <h1 id="wizard-title" className="wizard__title">
            Pick a profile picture
          </h1>
          <p className="wizard__text">Buyers trust sellers they can recognise.</p>
          <PhotoPicker img={user.img} isBusy={isPending} onPick={(file) => void savePhoto(file)} />
          <button
            type="button"
            className="button button--primary button--block"
            disabled={!user.img}
            onClick={() => setStep('bio')}
          >
            Next
          </button>
        </>
      )}
      {step === 'bio' && (
        <>
          <h1 id="wizard-title" className="wizard__title">
            Tell students about yourself
          </h1>
          <BioField value={bio} onChange={setBio} />
          <button
            type="button"
            className="button button--primary button--block"
            disabled={bio.trim() === '' || isPending}
            onClick={async () => (await saveProfile({ bio })) && setStep('done')}
          >
            {isPending ? 'Saving…' : 'Next'}
          </button>
        </>
      )}
      {step === 'done' && (
        <>
          <h1 id="wizard-title" className="wizard__title">
            Your profile is set up
          </h1>
          <p className="wizard__text">The update can take up to 30 seconds to show everywhere.</p>
          <button type="button" className="button button--primary button--block" onClick={() => navigate(target.to)}>
            {target.label}
          </button>
        </>
      )}
    </section>
  );
}
