import { SvgIcon } from '../svg-icon.tsx';

/** Icons only the share modal draws (Lucide's geometry, like lib/icon.tsx), kept in the modal's chunk. */
const SHARE_ICON_PATHS = {
  instagram: (
    <>
      <rect width="20" height="20" x="2" y="2" rx="5" ry="5" />
      <path d="M16 11.37A4 4 0 1 1 12.63 8 4 4 0 0 1 16 11.37z" />
      <line x1="17.5" x2="17.51" y1="6.5" y2="6.5" />
    </>
  ),
  link: (
    <>
      <path d="M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71" />
      <path d="M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71" />
    </>
  ),
} as const;

export function ShareIcon({ name }: { name: keyof typeof SHARE_ICON_PATHS }) {
  return <SvgIcon size={22}>{SHARE_ICON_PATHS[name]}</SvgIcon>;
}
