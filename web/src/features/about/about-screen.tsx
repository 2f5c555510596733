import { useCampus } from '../../app/campus/campus-context.tsx';
import { useViewer } from '../../app/session/use-viewer.ts';
import { FeedTabs } from '../posts/index.ts';
import { AboutPanel } from './about-panel.tsx';
import { ActivityPanel } from './activity-panel.tsx';
import { FaqPanel } from './faq-panel.tsx';
import { NewMembersPanel } from './new-members-panel.tsx';
import { useCampusAbout } from './use-campus-about.ts';
import { WelcomePanel } from './welcome-panel.tsx';

/**
 * /about (spec 2 §2): about, activity and 'New to the group'; visitors also
 * get a welcome panel first and an FAQ last.
 */
export function AboutScreen() {
  const campus = useCampus();
  const isVisitor = useViewer() === null;
  const about = useCampusAbout();
  return (
    <div className="feed about-screen">
      <FeedTabs />
      <h1 className="visually-hidden">About {campus.shortName} Buy / Sell</h1>
      {isVisitor && <WelcomePanel campus={campus} />}
      <AboutPanel campus={campus} />
      {about.error && (
        <p className="feed__status feed__status--error" role="alert">
          {about.error}
        </p>
      )}
      <ActivityPanel counts={about.counts} />
      <NewMembersPanel
        members={about.members}
        isLoading={about.isLoading}
        hasMore={about.hasMoreMembers}
        isLoadingMore={about.isLoadingMore}
        onSeeMore={about.loadMoreMembers}
      />
      {isVisitor && <FaqPanel />}
    </div>
  );
}
