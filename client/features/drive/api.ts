import { api, API } from '../../lib/api';
import { readOf } from '../../lib/query';

/** The guild Salvage Drive (docs/design.md section 8.6): the week's drive, and a member's two intents. */
export const driveApi = {
  drive: (guildId: string) => readOf(API.drive, { params: { id: guildId } }),
  donate: (guildId: string, itemIds: string[]) => api.call(API.donate, { params: { id: guildId }, body: { itemIds } }),
  claim: (guildId: string) => api.call(API.claimDrive, { params: { id: guildId }, body: {} }),
};
