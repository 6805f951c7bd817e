/** The scavenge feature's refusals. Each ties its status, code and message (../refusal.ts). */
import { refusal } from '../refusal';

export const SCAVENGE_REFUSALS = {
  noLootSelected: refusal(400, 'no_loot_selected', 'noLootSelected'),
  zoneLevel: refusal(400, 'zone_level', 'zoneLevel'),
  lootGone: refusal(409, 'loot_gone', 'lootGone'),
} as const;
