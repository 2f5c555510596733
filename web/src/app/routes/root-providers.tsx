import { Outlet } from 'react-router';
import { AuthGateProvider } from '../../features/auth/auth-gate-context.tsx';
import { AlertsProvider } from '../../lib/alerts/alerts-context.tsx';
import { ChatSenderGate } from '../../local/chats/chat-sender-gate.tsx';
import { DroppedChangeAlerts } from '../../local/dropped-change-alerts.tsx';
import { HandoffRefusalAlert } from '../session/handoff-refusal-alert.tsx';
import { FirstScreenLeave } from './first-screen-leave.tsx';
import { LocationGate } from './location-gate.tsx';

/** Providers whose UI uses router links (alerts' View links, the auth modal), so they live inside the router. */
export function RootProviders() {
  return (
    <AlertsProvider>
      <AuthGateProvider>
        <Outlet />
      </AuthGateProvider>
      <DroppedChangeAlerts />
      <HandoffRefusalAlert />
      <ChatSenderGate />
      <LocationGate />
      <FirstScreenLeave />
    </AlertsProvider>
  );
}
