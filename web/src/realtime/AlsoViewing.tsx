/** "Also viewing: bob, carol": the other people on this page, announced as they come and go. */
import type { EntityViewerView } from './presence';

export function AlsoViewing({ others }: { others: readonly EntityViewerView[] }) {
  return (
    <p className="also-viewing" aria-live="polite" data-testid="also-viewing">
      {others.length === 0 ? (
        <span className="muted">No one else is viewing this page.</span>
      ) : (
        <>
          <strong>Also viewing: </strong>
          {others.map((viewer, index) => (
            <span key={viewer.userId} className="viewer-chip">
              {index > 0 ? ', ' : ''}
              {viewer.username}
              {viewer.editing ? ' (editing)' : ''}
            </span>
          ))}
        </>
      )}
    </p>
  );
}
