import { Suspense } from 'react';
import { Outlet, useLocation, useParams } from 'react-router';
import { InboxPanel } from './inbox-panel.tsx';

/**
 * /messages and everything under it. At 1000px and wider (spec 2 §9 'tablet
 * and chat 1000 px') the inbox and the open conversation sit side by side;
 * below that one shows at a time, chosen by CSS so the first paint is right.
 */
export function MessagesLayout() {
  const { chatId } = useParams();
  const { pathname } = useLocation();
  const isPaneOpen = pathname.replace(/\/$/, '') !== '/messages';
  return (
    <div className={`messages-layout${isPaneOpen ? ' messages-layout--pane-open' : ''}`}>
      <InboxPanel activeChatId={chatId ?? null} />
      <div className="messages-layout__pane">
        <Suspense fallback={<div className="card messages-pane route-loading" aria-busy="true" />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
