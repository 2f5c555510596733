import type { AuthorDto } from '@campus/shared/post-api';
import { useViewer } from '../../app/session/use-viewer.ts';
import { useAuthGate } from '../auth/index.ts';
import { NewMemberRow } from './new-member-row.tsx';

export interface NewMembersPanelProps {
  members: AuthorDto[];
  isLoading: boolean;
  hasMore: boolean;
  isLoadingMore: boolean;
  onSeeMore: () => void;
}

/** 'New to the group' (spec 2 §2): recently school-verified members, 3 then 6 more per 'See more'. */
export function NewMembersPanel({ members, isLoading, hasMore, isLoadingMore, onSeeMore }: NewMembersPanelProps) {
  const viewer = useViewer();
  const openAuthGate = useAuthGate();
  return (
    <section className="card about-panel" aria-labelledby="about-new-title" aria-busy={isLoading}>
      <h2 id="about-new-title" className="about-panel__title">
        New to the group
      </h2>
      {!isLoading && members.length === 0 && <p className="about-panel__muted">No members yet.</p>}
      <ul className="new-members">
        {members.map((member) => (
          <NewMemberRow
            key={member.id}
            member={member}
            isSelf={viewer?.id === member.id}
            {...(viewer ? {} : { onRequireSignIn: () => openAuthGate('message') })}
          />
        ))}
      </ul>
      {hasMore && (
        <button
          type="button"
          className="button button--outline button--block"
          onClick={onSeeMore}
          disabled={isLoadingMore}
        >
          {isLoadingMore ? 'Loading…' : 'See more'}
        </button>
      )}
    </section>
  );
}
