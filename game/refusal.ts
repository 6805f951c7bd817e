/**
 * A refusal: its status, its code and its message, tied in one named entry, so a throw names one thing
 * (`throw refuse(ERRORS.listingGone)`, worker/core/errors.ts) instead of choosing three apart. Each feature's
 * refusals are in its contract file (./contracts/), which game/api.ts collects into `ERRORS`. An entry holds the
 * message's key in `MSG` (./messages.ts), not its text: the contract loads with the landing page, the messages
 * only where they are shown.
 */
import type { MSG } from './messages';

/**
 * Every `code` the server answers in its error body (`{ error: { code, message } }`). The message is the
 * spec's text, for people; the code is what a client branches on (a refused login, a listing gone), so no
 * client compares message text. The server's ApiError takes only these (worker/core/errors.ts), and each refusal names one (`refusal`).
 */
export const ERROR_CODES = [
  // Any endpoint.
  'invalid', 'unauthorized', 'forbidden', 'not_found', 'conflict', 'busy', 'idempotency_key_reused', 'already_done', 'throttled', 'internal', 'bad_origin', 'too_large', 'unsupported_media_type',
  'upgrade_required', 'username_required',
  // Accounts.
  'invalid_login', 'banned', 'email_in_use', 'reset_invalid', 'verify_invalid', 'already_verified', 'google_disabled', 'username_taken',
  'username_already_set', 'admin_address', 'player_not_found',
  // The game's intents.
  'not_enough_energy', 'energy_full', 'not_enough_gold', 'not_enough_cash', 'not_researched', 'already_researched', 'item_not_found',
  'inventory_full', 'duffel_full', 'no_room', 'nothing_to_swap', 'no_loot_selected', 'loot_gone', 'not_a_trophy', 'zone_level', 'level_too_low',
  'recipe_not_found', 'recipe_mismatch', 'contract_not_finished', 'already_claimed', 'field_kits_used', 'bench_busy', 'second_wind_used',
  // The arena.
  'cannot_fight_self', 'recovering', 'protected',
  // Guilds and the drive.
  'guild_not_found', 'guild_full', 'guild_name_taken', 'guild_tag_taken', 'already_in_guild', 'not_in_guild', 'not_a_member', 'officers_only',
  'leader_only', 'leader_must_hand_over', 'request_not_found', 'nothing_to_donate', 'joined_late', 'gave_too_little', 'drive_not_met',
  // The market.
  'verify_first', 'too_many_listings', 'listing_gone', 'price_changed', 'own_listing', 'nothing_to_collect', 'below_floor',
  // Moderation and notifications.
  'message_not_found', 'push_unavailable', 'push_endpoint_invalid', 'push_devices_full',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The key of a message in `MSG`. */
export type MessageKey = keyof typeof MSG;

/** The statuses the API refuses with. */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 426 | 429 | 500 | 503;

export interface Refusal<K extends MessageKey = MessageKey> {
  readonly status: RefusalStatus;
  readonly code: ErrorCode;
  readonly message: K;
}

export const refusal = <K extends MessageKey>(status: RefusalStatus, code: ErrorCode, message: K): Refusal<K> => ({ status, code, message });
