/** spec 1 §9 and spec 2 §9 breakpoints, in CSS pixels (max-width, inclusive). */
export const BREAKPOINTS = {
  small: 480,
  mobile: 769,
  tablet: 1000,
  wide: 1170,
} as const;

/** spec 1 §1: "The footer credits a company and shows a 2025 or 2024 copyright line." */
export const FOOTER = {
  company: 'Campus Buy/Sell, Inc.',
  copyrightYear: 2025,
} as const;

/** spec 1 §1 generic site 'Contact Us' card; the values are ours (spec: not shown). */
export const SUPPORT_CONTACT = {
  email: 'support@campusbuysell.app',
  directMessageUrl: 'https://www.instagram.com/direct/t/campusbuysell',
  directMessageLabel: 'Message us on Instagram',
} as const;
