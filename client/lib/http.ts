/**
 * The transport under every request of the SPA: same-origin credentials and the D1 bookmark, with none of the API
 * contract. ./api.ts (the contract and zod/mini, about 20 KB of gzipped JavaScript) sends through it, and so does
 * the session read (./session.tsx), the one read the first paint waits for, so the landing page never loads the
 * contract (docs/decisions/021-client-by-feature.md, "Loaded with the screens").
 */

/**
 * The D1 bookmark header of the contract (game/api.ts `BOOKMARK_HEADER`; test/client/session-read.test.ts keeps
 * them equal): every player answer names the newest state of the database it showed, and the client sends the
 * newest it has seen, so a read served by a replica is never older than what the player was already shown
 * (docs/scaling.md, "Read replication").
 */
export const BOOKMARK_HEADER = 'X-D1-Bookmark';

/** The newest bookmark any answer named, shared by the tabs (localStorage). Bookmarks of one database order as strings. */
const BOOKMARK_KEY = 'scavenger.d1Bookmark';

function carriedBookmark(): string | null {
  try {
    return localStorage.getItem(BOOKMARK_KEY);
  } catch {
    return null;
  }
}

function keepBookmark(bookmark: string | null) {
  const known = carriedBookmark();
  if (!bookmark || (known && known >= bookmark)) return;
  try {
    localStorage.setItem(BOOKMARK_KEY, bookmark);
  } catch {
    // Storage refused (private mode): the next read may come from a replica a moment behind, nothing worse.
  }
}

/** Shown when the server could not be reached or answered without our error shape. */
export const NETWORK_ERROR = 'Network response was not ok';

/** One request with the carried bookmark (and `headers`); keeps the answer's. Rejects only when no answer came. */
export async function send(path: string, method: string, json?: string, headers: Record<string, string> = {}): Promise<Response> {
  const bookmark = carriedBookmark();
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: { ...(json === undefined ? {} : { 'Content-Type': 'application/json' }), ...(bookmark ? { [BOOKMARK_HEADER]: bookmark } : {}), ...headers },
    body: json,
  });
  keepBookmark(response.headers.get(BOOKMARK_HEADER));
  return response;
}
