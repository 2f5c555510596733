import { INFO_PAGE_ALIASES, type InfoPageSlug } from '@campus/shared/info-pages';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { Navigate, useParams } from 'react-router';

/** Each page is its own chunk: a visitor reading the terms downloads the terms alone. */
const PAGES: Record<InfoPageSlug, LazyExoticComponent<ComponentType>> = {
  terms: lazy(() => import('./terms-page.tsx').then((module) => ({ default: module.TermsPage }))),
  privacy: lazy(() => import('./privacy-page.tsx').then((module) => ({ default: module.PrivacyPage }))),
  trust_and_safety: lazy(() =>
    import('./trust-and-safety-page.tsx').then((module) => ({ default: module.TrustAndSafetyPage })),
  ),
  returns: lazy(() => import('./return-policy-page.tsx').then((module) => ({ default: module.ReturnPolicyPage }))),
  howitworks: lazy(() => import('./how-it-works-page.tsx').then((module) => ({ default: module.HowItWorksPage }))),
  about: lazy(() => import('./about-page.tsx').then((module) => ({ default: module.AboutPage }))),
  help: lazy(() => import('./help-page.tsx').then((module) => ({ default: module.HelpPage }))),
  feedback: lazy(() => import('./feedback-page.tsx').then((module) => ({ default: module.FeedbackPage }))),
};

function isPage(page: string): page is InfoPageSlug {
  return Object.hasOwn(PAGES, page);
}

function isAlias(page: string): page is keyof typeof INFO_PAGE_ALIASES {
  return Object.hasOwn(INFO_PAGE_ALIASES, page);
}

/**
 * spec 3 §2: "The last path segment picks the page." Readable signed out
 * (spec 3 §6); /settings/refunds and /settings/cookies lead to their sections
 * (decision 045); any other segment is the not-found page.
 */
export function InfoPageRouter({ fallback: Fallback }: { fallback: ComponentType }) {
  const { page = '' } = useParams();
  if (isAlias(page)) return <Navigate to={INFO_PAGE_ALIASES[page]} replace />;
  if (!isPage(page)) return <Fallback />;
  const Page = PAGES[page];
  return <Page />;
}
