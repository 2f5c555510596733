import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PrivateCampusGate } from '../features/about/private-campus-gate.tsx';
import { useAuthGate } from '../features/auth/auth-gate-context.tsx';
import { RedirectIfSignedIn } from '../features/auth/screens/redirect-if-signed-in.tsx';
import { FindYourSchoolCard } from '../features/campus/find-your-school-card.tsx';
import { FeedScreen } from '../features/posts/feed-screen.tsx';
import { useCampus } from './campus/campus-context.tsx';
import { ShellLayout } from './layout/shell-layout.tsx';
import {
  AboutScreen,
  AccountOverviewPage,
  AccountPageRouter,
  BoostCancelScreen,
  BoostScreen,
  BoostSuccessScreen,
  CategoryPickerScreen,
  CommentComposerScreen,
  ComposerScreen,
  ConversationScreen,
  ForgotPasswordScreen,
  InfoPageRouter,
  LoginScreen,
  LoginSentScreen,
  LogoutScreen,
  MediaDetailScreen,
  MediaScreen,
  MessagesLayout,
  MyAdsScreen,
  NewMessageScreen,
  NoChatSelected,
  NotificationsScreen,
  PaymentsScreen,
  PostScreen,
  ProfileEditScreen,
  ProfileScreen,
  ProfileSetUpScreen,
  RegisterScreen,
  SavedScreen,
  SaversScreen,
  SchoolFinderScreen,
  SearchScreen,
  SettingsLayout,
  UserRegistrationScreen,
  VerifyScreen,
} from './lazy-screens.ts';
import { ComingSoon } from './routes/coming-soon.tsx';
import { Error404Card } from './routes/error-404-card.tsx';
import { NotFound } from './routes/not-found.tsx';
import { RequireCampusMember } from './routes/require-campus-member.tsx';
import { RequireViewer } from './routes/require-viewer.tsx';
import { RootProviders } from './routes/root-providers.tsx';

/** A route whose screen is not built yet. `isPrivate` routes need a signed-in user (spec 1 §2). */
function soon(path: string, title: string, isPrivate = false): RouteObject {
  const element: ReactNode = <ComingSoon title={title} />;
  return { path, element: isPrivate ? <RequireViewer>{element}</RequireViewer> : element };
}

function HomeRoute() {
  const openAuthGate = useAuthGate();
  // spec 1 §1: the generic site has no feed of its own; it sends visitors to the school finder.
  if (useCampus().isGeneric) return <FindYourSchoolCard />;
  return <FeedScreen onRequireSignIn={openAuthGate} />;
}

/**
 * Every route of the three spec documents. Order does not matter to the
 * router (it ranks by specificity), but it is kept by document for reading.
 */
const routes: RouteObject[] = [
  {
    element: <RootProviders />,
    children: [
      { path: '/', element: <Navigate to="/home" replace /> },
      { path: '/404', element: <Error404Card /> },
      {
        element: <ShellLayout />,
        children: [
          // spec 1: accounts, campuses and shell
          {
            path: '/user_registration',
            element: (
              <RedirectIfSignedIn>
                <UserRegistrationScreen />
              </RedirectIfSignedIn>
            ),
          },
          {
            path: '/login',
            element: (
              <RedirectIfSignedIn>
                <LoginScreen />
              </RedirectIfSignedIn>
            ),
          },
          { path: '/login/sent', element: <LoginSentScreen /> },
          {
            path: '/register',
            element: (
              <RedirectIfSignedIn>
                <RegisterScreen />
              </RedirectIfSignedIn>
            ),
          },
          {
            path: '/verify',
            element: (
              <RequireViewer>
                <VerifyScreen />
              </RequireViewer>
            ),
          },
          { path: '/forgotpassword', element: <ForgotPasswordScreen /> },
          {
            path: '/logout',
            element: (
              <RequireViewer>
                <LogoutScreen />
              </RequireViewer>
            ),
          },
          soon('/profile', 'Profile', true),
          {
            path: '/profile/set-up',
            element: (
              <RequireViewer>
                <ProfileSetUpScreen />
              </RequireViewer>
            ),
          },
          { path: '/profile/edit', element: <ProfileEditScreen /> },
          {
            // The composer's category picker as a page (decision 028).
            path: '/create/categories',
            element: (
              <RequireViewer>
                <CategoryPickerScreen />
              </RequireViewer>
            ),
          },
          {
            path: '/create/post',
            element: (
              <RequireViewer>
                <ComposerScreen />
              </RequireViewer>
            ),
          },
          {
            path: '/create/message',
            element: (
              <RequireViewer>
                <NewMessageScreen />
              </RequireViewer>
            ),
          },
          {
            path: '/create/comment/:postId',
            element: (
              <RequireViewer>
                <CommentComposerScreen />
              </RequireViewer>
            ),
          },
          { path: '/search_schools', element: <SchoolFinderScreen /> },
          {
            path: '/settings',
            element: <SettingsLayout />,
            children: [
              { index: true, element: null },
              {
                path: 'account',
                element: (
                  <RequireViewer>
                    <AccountOverviewPage />
                  </RequireViewer>
                ),
              },
              {
                path: 'account/:page',
                element: (
                  <RequireViewer>
                    <AccountPageRouter fallback={NotFound} />
                  </RequireViewer>
                ),
              },
              {
                path: 'payments',
                element: (
                  <RequireViewer>
                    <PaymentsScreen />
                  </RequireViewer>
                ),
              },
              // spec 3 §2 Static pages, readable signed out (spec 3 §6); unknown pages are not found.
              { path: ':page', element: <InfoPageRouter fallback={NotFound} /> },
            ],
          },
          // spec 2: community content
          {
            path: '/home',
            element: (
              <RequireCampusMember>
                <HomeRoute />
              </RequireCampusMember>
            ),
          },
          {
            path: '/media',
            element: (
              <RequireCampusMember>
                <PrivateCampusGate>
                  <MediaScreen />
                </PrivateCampusGate>
              </RequireCampusMember>
            ),
          },
          {
            path: '/media/:postId',
            element: (
              <RequireCampusMember>
                <PrivateCampusGate>
                  <MediaDetailScreen />
                </PrivateCampusGate>
              </RequireCampusMember>
            ),
          },
          {
            path: '/about',
            element: (
              <RequireCampusMember>
                <AboutScreen />
              </RequireCampusMember>
            ),
          },
          {
            path: '/post/:postId',
            element: (
              <RequireCampusMember>
                <PostScreen />
              </RequireCampusMember>
            ),
          },
          {
            path: '/post/:postId/likes',
            element: (
              <RequireCampusMember>
                <SaversScreen />
              </RequireCampusMember>
            ),
          },
          {
            // issue 6: the inbox and a conversation side by side above 1000px, one at a time at and below.
            path: '/messages',
            element: (
              <RequireViewer>
                <MessagesLayout />
              </RequireViewer>
            ),
            children: [
              { index: true, element: <NoChatSelected /> },
              { path: 'new', element: <NewMessageScreen /> },
              { path: ':chatId', element: <ConversationScreen /> },
            ],
          },
          {
            path: '/notifications',
            element: (
              <RequireViewer>
                <NotificationsScreen />
              </RequireViewer>
            ),
          },
          {
            // spec 2 §2: a signed-in student who is not verified, or has no school e-mail, is sent on first.
            path: '/search',
            element: (
              <RequireCampusMember>
                <SearchScreen />
              </RequireCampusMember>
            ),
          },
          {
            path: '/saved',
            element: (
              <RequireViewer>
                <SavedScreen />
              </RequireViewer>
            ),
          },
          { path: '/:username', element: <ProfileScreen /> },
          // spec 3: boosts, ads and pages
          {
            // spec 3 §2 Boost, Success and Cancel pages (decision 043).
            path: '/post/:postId/boost',
            element: (
              <RequireViewer>
                <RequireCampusMember>
                  <BoostScreen />
                </RequireCampusMember>
              </RequireViewer>
            ),
          },
          {
            path: '/post/:postId/boost/success',
            element: (
              <RequireViewer>
                <RequireCampusMember>
                  <BoostSuccessScreen />
                </RequireCampusMember>
              </RequireViewer>
            ),
          },
          {
            path: '/post/:postId/boost/cancel',
            element: (
              <RequireViewer>
                <RequireCampusMember>
                  <BoostCancelScreen />
                </RequireCampusMember>
              </RequireViewer>
            ),
          },
          {
            // spec 3 §2 Ads list and Ad analytics (decision 046): one screen keeps the list while an ad opens.
            path: '/ads',
            element: (
              <RequireViewer>
                <MyAdsScreen />
              </RequireViewer>
            ),
            children: [{ index: true }, { path: ':adId' }],
          },
          soon('/checkout', 'Checkout', true),
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
