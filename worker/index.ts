import { app } from './app';
import { scheduled } from './scheduled';

export { ChatRoom } from './chat/room';

export default {
  fetch: app.fetch,
  scheduled,
} satisfies ExportedHandler<Env>;
