import { app } from './app';
import { scheduled } from './scheduled';

export { ChatRoom } from './features/chat/room';
export { Notifier } from './features/notifications';

export default {
  fetch: app.fetch,
  scheduled,
} satisfies ExportedHandler<Env>;
