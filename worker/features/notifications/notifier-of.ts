import type { Notifier } from './notifier';

/** The player's own Notifier: one object per player, named by their uid. */
export function notifierOf(env: Env, uid: string): DurableObjectStub<Notifier> {
  const namespace = env.NOTIFIER as DurableObjectNamespace<Notifier>;
  return namespace.get(namespace.idFromName(uid));
}
