/** The kinds a player turned off, as stored in `players.push_off` (a JSON array); anything unreadable is none. */
import { NOTICE_KINDS, type NoticeKind } from '../../../game/rules/notices';

export function pushOffKinds(stored: string): NoticeKind[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? NOTICE_KINDS.filter((kind) => parsed.includes(kind)) : [];
  } catch {
    return [];
  }
}
