/** Refusals any feature may answer: the session, the request, shared checks (energy, gold, owned items, research). Each ties its status, code and message (../refusal.ts). */
import { refusal } from '../refusal';

export const COMMON_REFUSALS = {
  alreadyResearched: refusal(400, 'already_researched', 'alreadyResearched'),
  energyAlreadyFull: refusal(400, 'energy_full', 'energyAlreadyFull'),
  inventoryFull: refusal(400, 'inventory_full', 'inventoryFull'),
  mustBeResearched: refusal(400, 'not_researched', 'mustBeResearched'),
  notEnoughEnergy: refusal(400, 'not_enough_energy', 'notEnoughEnergy'),
  notEnoughGold: refusal(400, 'not_enough_gold', 'notEnoughGold'),
  signedOut: refusal(401, 'unauthorized', 'signedOut'),
  badOrigin: refusal(403, 'bad_origin', 'badOrigin'),
  forbidden: refusal(403, 'forbidden', 'forbidden'),
  notInThisGuild: refusal(403, 'not_in_guild', 'notInThisGuild'),
  usernameRequired: refusal(403, 'username_required', 'usernameRequired'),
  guildNotFound: refusal(404, 'guild_not_found', 'guildNotFound'),
  itemNotFound: refusal(404, 'item_not_found', 'itemNotFound'),
  notFound: refusal(404, 'not_found', 'notFound'),
  playerNotFound: refusal(404, 'player_not_found', 'playerNotFound'),
  busy: refusal(409, 'busy', 'busy'),
  /** Idempotency keys (docs/decisions/031-idempotency-keys.md): a malformed key, a key reused for another request, a repeat whose answer is not kept. */
  idempotencyKeyInvalid: refusal(400, 'invalid', 'idempotencyKeyInvalid'),
  idempotencyKeyReused: refusal(422, 'idempotency_key_reused', 'idempotencyKeyReused'),
  alreadyDone: refusal(409, 'already_done', 'alreadyDone'),
  tooLarge: refusal(413, 'too_large', 'invalidRequest'),
  unsupportedBody: refusal(415, 'unsupported_media_type', 'unsupportedBody'),
  tooManyAttempts: refusal(429, 'throttled', 'tooManyAttempts'),
  internal: refusal(500, 'internal', 'internal'),
} as const;
