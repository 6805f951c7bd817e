import { app } from './app';

export { ChatRoom } from './chat/room';

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
