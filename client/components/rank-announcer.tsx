/**
 * A board that moves live (docs/design.md section 9.11) tells a screen reader politely when the reader's own rank
 * changes, and nothing about anyone else's: others' moves would talk over the page (docs/accessibility.md).
 */
import { useState } from 'react';

/** `rank` the reader's rank on `board` (null with none); says nothing for the first one it is shown. */
export function RankAnnouncer({ rank, board }: { rank: number | null; board: string }) {
  const [last, setLast] = useState({ rank, said: '' });
  // React's state-from-render pattern: a new rank is said in the same render that shows it.
  if (last.rank !== rank) setLast({ rank, said: rank === null ? last.said : `You are now #${rank} ${board}.` });
  return (
    <p role="status" className="sr-only" data-testid="rank-announcement">
      {last.said}
    </p>
  );
}
