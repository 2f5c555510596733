import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { AuthGateProvider } from '../../features/auth/auth-gate-context.tsx';
import { AlertsProvider } from '../../lib/alerts/alerts-context.tsx';
import { localDb } from '../../local/local-db.ts';

/** Sends chat photos picked offline; it carries the chat engine (Yjs), so it loads after the first paint. */
const ChatPhotoDrainer = lazy(() =>
  import('../../features/messages/use-chat-photo-drainer.ts').then((module) => ({
    default: module.ChatPhotoDrainer,
  })),
);

/** Providers whose UI uses router links (alerts' View links, the auth modal), so they live inside the router. */
export function RootProviders() {
  return (
    <AlertsProvider>
      <AuthGateProvider>
        <Outlet />
      </AuthGateProvider>
      <Suspense fallback={null}>
        <ChatPhotoDrainer localDb={localDb} />
      </Suspense>
    </AlertsProvider>
  );
}
