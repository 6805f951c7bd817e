/** The scavenge feature's contract: its endpoints, and its refusals, each tying its status, code and message (../refusal.ts). */
import { get, post } from '../endpoint';
import { refusal } from '../refusal';
import type { Scavenge, ScavengeSwap } from '../schemas';
import { CatalogueSchema, LootSchema, SalvageResultSchema } from '../wire';

export const SCAVENGE_REFUSALS = {
  noLootSelected: refusal(400, 'no_loot_selected', 'noLootSelected'),
  zoneLevel: refusal(400, 'zone_level', 'zoneLevel'),
  lootGone: refusal(409, 'loot_gone', 'lootGone'),
} as const;

export const SCAVENGE_API = {
  catalogue: get('/api/catalogue', CatalogueSchema),
  pendingLoot: get('/api/scavenge', LootSchema),
  /** `{zone?}`: where to search (docs/design.md section 8.3). */
  scavenge: post<Scavenge>()('/api/scavenge', SalvageResultSchema, [SCAVENGE_REFUSALS.zoneLevel]),
  takeLoot: post<ScavengeSwap>()('/api/scavenge/swap', SalvageResultSchema, [SCAVENGE_REFUSALS.lootGone, SCAVENGE_REFUSALS.noLootSelected]),
} as const;
