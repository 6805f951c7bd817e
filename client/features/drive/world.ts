/** The live world's drive progress (docs/design.md section 9.11) in the drive panel's read (./api.ts). */
import type { Drive } from '../../../game/wire';
import { API } from '../../lib/api';
import type { WorldHandlers } from '../../lib/feature';
import { queryClient } from '../../lib/query';
import { driveApi } from './api';

export const world: WorldHandlers = {
  'drive-progress': ({ guildId, points, target }, stale) => {
    // The guild room sends only its own guild's drive: the number shows at once, and the panel's read is read
    // again for the donors and the reader's own gift. Setting the number never cancels a read under way: a donor's
    // own read after giving (issue #51) has them both, and cancelled it left "You gave 0 points" and no donors
    // until a reload.
    const { queryKey } = driveApi.drive(guildId);
    if (queryClient.getQueryData<Drive>(queryKey)) queryClient.setQueryData<Drive>(queryKey, (drive) => drive && { ...drive, points, target });
    stale.add(API.drive);
  },
};
