import { useId } from 'react';
import { AvatarImage } from '../../lib/avatar-image.tsx';

/** The round photo with a 'Choose photo' button over a hidden file input (keyboard reachable). */
export function PhotoPicker({
  img,
  isBusy,
  onPick,
}: {
  img: string | null;
  isBusy: boolean;
  onPick: (file: File) => void;
}) {
  const id = useId();
  return (
    <div className="photo-picker">
      <div className="avatar avatar--xl" aria-busy={isBusy}>
        <AvatarImage src={img} size={128} iconSize={56} alt="Your profile" />
      </div>
      <label htmlFor={id} className="button button--outline">
        {isBusy ? 'Updating account data...' : img ? 'Change photo' : 'Choose photo'}
      </label>
      <input
        id={id}
        type="file"
        className="visually-hidden"
        accept="image/jpeg,image/png,image/gif"
        disabled={isBusy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onPick(file);
          event.target.value = '';
        }}
      />
    </div>
  );
}
