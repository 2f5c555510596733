import type { ReactNode } from 'react';

/**
 * The frame every line icon is drawn in (24px grid, stroke 2, Lucide's geometry). The paths stay
 * with their chunk: the shell's in lib/icon.tsx, the share modal's in its lazy chunk.
 */
export function SvgIcon({ size = 24, label, children }: { size?: number; label?: string; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      {children}
    </svg>
  );
}
