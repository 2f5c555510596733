import { lazy } from 'react';

/**
 * Screens loaded on first visit, so the JavaScript for /home stays small
 * (npm run size): the account screens carry the zod rules of shared/.
 */
export const UserRegistrationScreen = lazy(() =>
  import('../features/auth/screens/user-registration-screen.tsx').then((module) => ({
    default: module.UserRegistrationScreen,
  })),
);
export const LoginScreen = lazy(() =>
  import('../features/auth/screens/login-screen.tsx').then((module) => ({ default: module.LoginScreen })),
);
export const LoginSentScreen = lazy(() =>
  import('../features/auth/screens/login-sent-screen.tsx').then((module) => ({ default: module.LoginSentScreen })),
);
export const RegisterScreen = lazy(() =>
  import('../features/auth/screens/register-screen.tsx').then((module) => ({ default: module.RegisterScreen })),
);
export const VerifyScreen = lazy(() =>
  import('../features/auth/screens/verify-screen.tsx').then((module) => ({ default: module.VerifyScreen })),
);
export const ForgotPasswordScreen = lazy(() =>
  import('../features/auth/screens/forgot-password-screen.tsx').then((module) => ({
    default: module.ForgotPasswordScreen,
  })),
);
export const LogoutScreen = lazy(() =>
  import('../features/auth/screens/logout-screen.tsx').then((module) => ({ default: module.LogoutScreen })),
);
export const AccountOverviewPage = lazy(() =>
  import('../features/account/account-overview-page.tsx').then((module) => ({
    default: module.AccountOverviewPage,
  })),
);
export const AccountPageRouter = lazy(() =>
  import('../features/account/account-page-router.tsx').then((module) => ({
    default: module.AccountPageRouter,
  })),
);
export const ComposerScreen = lazy(() =>
  import('../features/composer/composer-screen.tsx').then((module) => ({ default: module.ComposerScreen })),
);
export const CommentComposerScreen = lazy(() =>
  import('../features/composer/comment-composer-screen.tsx').then((module) => ({
    default: module.CommentComposerScreen,
  })),
);
export const PostScreen = lazy(() =>
  import('../features/posts/post-page/post-screen.tsx').then((module) => ({ default: module.PostScreen })),
);
export const ProfileSetUpScreen = lazy(() =>
  import('../features/profiles/setup/profile-set-up-screen.tsx').then((module) => ({
    default: module.ProfileSetUpScreen,
  })),
);
export const ProfileEditScreen = lazy(() =>
  import('../features/profiles/edit/profile-edit-screen.tsx').then((module) => ({ default: module.ProfileEditScreen })),
);
export const MediaScreen = lazy(() =>
  import('../features/media/media-screen.tsx').then((module) => ({ default: module.MediaScreen })),
);
export const MediaDetailScreen = lazy(() =>
  import('../features/media/media-detail-screen.tsx').then((module) => ({ default: module.MediaDetailScreen })),
);
export const AboutScreen = lazy(() =>
  import('../features/about/about-screen.tsx').then((module) => ({ default: module.AboutScreen })),
);
export const NotificationsScreen = lazy(() =>
  import('../features/notifications/notifications-screen.tsx').then((module) => ({
    default: module.NotificationsScreen,
  })),
);
export const SavedScreen = lazy(() =>
  import('../features/saves/saved-screen.tsx').then((module) => ({ default: module.SavedScreen })),
);
export const SaversScreen = lazy(() =>
  import('../features/saves/savers-screen.tsx').then((module) => ({ default: module.SaversScreen })),
);
export const MessagesLayout = lazy(() =>
  import('../features/chats/messages-layout.tsx').then((module) => ({ default: module.MessagesLayout })),
);
export const NoChatSelected = lazy(() =>
  import('../features/chats/no-chat-selected.tsx').then((module) => ({ default: module.NoChatSelected })),
);
export const ConversationScreen = lazy(() =>
  import('../features/chats/conversation-screen.tsx').then((module) => ({ default: module.ConversationScreen })),
);
export const NewMessageScreen = lazy(() =>
  import('../features/chats/new-message-screen.tsx').then((module) => ({ default: module.NewMessageScreen })),
);
export const ProfileScreen = lazy(() =>
  import('../features/profiles/profile-screen.tsx').then((module) => ({ default: module.ProfileScreen })),
);
export const SettingsLayout = lazy(() =>
  import('../features/account/settings-layout.tsx').then((module) => ({ default: module.SettingsLayout })),
);
export const CategoryPickerScreen = lazy(() =>
  import('../features/composer/category-picker-screen.tsx').then((module) => ({
    default: module.CategoryPickerScreen,
  })),
);
export const SchoolFinderScreen = lazy(() =>
  import('../features/campus/school-finder-screen.tsx').then((module) => ({ default: module.SchoolFinderScreen })),
);
export const SearchScreen = lazy(() =>
  import('../features/search/search-screen.tsx').then((module) => ({ default: module.SearchScreen })),
);
export const BoostScreen = lazy(() =>
  import('../features/boosts/boost-screen.tsx').then((module) => ({ default: module.BoostScreen })),
);
export const BoostSuccessScreen = lazy(() =>
  import('../features/boosts/boost-success-screen.tsx').then((module) => ({ default: module.BoostSuccessScreen })),
);
export const BoostCancelScreen = lazy(() =>
  import('../features/boosts/boost-cancel-screen.tsx').then((module) => ({ default: module.BoostCancelScreen })),
);
export const PaymentsScreen = lazy(() =>
  import('../features/payments/payments-screen.tsx').then((module) => ({ default: module.PaymentsScreen })),
);
export const MyAdsScreen = lazy(() =>
  import('../features/ads/my-ads-screen.tsx').then((module) => ({ default: module.MyAdsScreen })),
);
export const InfoPageRouter = lazy(() =>
  import('../features/info-pages/info-page-router.tsx').then((module) => ({ default: module.InfoPageRouter })),
);
