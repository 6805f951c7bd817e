/**
 * What a room remembers, in its SQLite storage: the messages (the newest 1,000 at least) and the news ticker's
 * last few events. Kept by a room and by the lobby's root, never by a leaf (ADR 011).
 */
import { CHAT_HISTORY_KEPT, NEWS_KEPT, NewsEventSchema, type ChatMessage, type MessagesPage, type News, type NewsEvent } from '../../../game/chat-protocol';

export class ChatHistory {
  constructor(private readonly storage: DurableObjectStorage) {
    this.createTables();
  }

  private get sql(): SqlStorage {
    return this.storage.sql;
  }

  private createTables() {
    this.sql.exec(`CREATE TABLE IF NOT EXISTS messages (
      id INTEGER PRIMARY KEY AUTOINCREMENT, username TEXT NOT NULL, text TEXT NOT NULL, timestamp INTEGER NOT NULL)`);
    // Guild tags came with guilds; rooms created before keep their rows, which have none.
    const columns = this.sql.exec<{ name: string }>(`SELECT name FROM pragma_table_info('messages')`).toArray();
    if (!columns.some((column) => column.name === 'guild_tag')) this.sql.exec(`ALTER TABLE messages ADD COLUMN guild_tag TEXT`);
    // News as JSON events (game/chat-protocol.ts). The earlier `news` table held display text: dropped, since
    // news is only the ticker's last few items and its shape changed.
    this.sql.exec(`DROP TABLE IF EXISTS news`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS news_events (
      id INTEGER PRIMARY KEY AUTOINCREMENT, event TEXT NOT NULL, timestamp INTEGER NOT NULL)`);
  }

  /** Everything deleted (a disbanded guild's room); the empty tables stay usable. */
  async clear(): Promise<void> {
    await this.storage.deleteAll();
    this.createTables();
  }

  /** The id AUTOINCREMENT gives the next message (never one used before, even after a trim or a delete). */
  nextMessageId(): number {
    return this.sql.exec<{ id: number }>(`SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'messages'), 0) + 1 AS id`).one().id;
  }

  /** Stores a message under the id nextMessageId gave it. */
  store({ id, username, guildTag, text, timestamp }: ChatMessage) {
    this.sql.exec('INSERT INTO messages (id, username, guild_tag, text, timestamp) VALUES (?, ?, ?, ?, ?)', id, username, guildTag, text, timestamp);
    // Trim in steps of 100 rather than on every insert: the room keeps at least the newest 1,000.
    if (id % 100 === 0) this.sql.exec('DELETE FROM messages WHERE id <= ?', id - CHAT_HISTORY_KEPT);
  }

  /** Messages older than `before` (by id), newest first within the page, returned oldest first. */
  page(before: number | null, limit: number): MessagesPage {
    const rows = this.sql
      .exec<ChatMessage>(
        'SELECT id, username, guild_tag AS guildTag, text, timestamp FROM messages WHERE id < ? ORDER BY id DESC LIMIT ?',
        before ?? Number.MAX_SAFE_INTEGER,
        limit + 1,
      )
      .toArray();
    const more = rows.length > limit;
    const messages = rows.slice(0, limit).reverse();
    return { messages, nextCursor: more && messages[0] ? messages[0].id : null };
  }

  /** Deletes a message; who wrote it and what, or null when there was none. */
  delete(id: number): { username: string; text: string } | null {
    const [row] = this.sql.exec<{ username: string; text: string }>('DELETE FROM messages WHERE id = ? RETURNING username, text', id).toArray();
    return row ?? null;
  }

  /** Stores a news event, keeping the last NEWS_KEPT. */
  addNews(event: NewsEvent): News {
    const timestamp = Date.now();
    const { id } = this.sql
      .exec<{ id: number }>('INSERT INTO news_events (event, timestamp) VALUES (?, ?) RETURNING id', JSON.stringify(event), timestamp)
      .one();
    this.sql.exec('DELETE FROM news_events WHERE id <= ?', id - NEWS_KEPT);
    return { id, timestamp, event };
  }

  latestNews(): News[] {
    const rows = this.sql.exec<{ id: number; event: string; timestamp: number }>('SELECT id, event, timestamp FROM news_events ORDER BY id DESC LIMIT ?', NEWS_KEPT);
    const news: News[] = [];
    for (const row of rows) {
      // Parsed, not cast: a row this version cannot read is left out of the ticker rather than sent malformed.
      const event = NewsEventSchema.safeParse(JSON.parse(row.event));
      if (event.success) news.push({ id: row.id, timestamp: row.timestamp, event: event.data });
    }
    return news.reverse();
  }
}
