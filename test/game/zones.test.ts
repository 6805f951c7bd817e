/**
 * Zones (docs/design.md section 8.3, docs/decisions/020-zones-and-the-drive.md): each zone's rolls follow its published table
 * (chi-square per zone), the default zone is the spec's table and draws exactly as before zones, and Artifact and
 * Heirloom keep the spec's absolute odds everywhere.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  catalogueById,
  DEFAULT_ZONE,
  DROP_WEIGHTS,
  DROPPABLE,
  type DroppableRarity,
  PARTS_BY_TIER,
  rollItem,
  rollLoot,
  rollRarity,
  seededRandom,
  zoneById,
  ZONES,
} from '../../game/rules';
import { fairScavenge, matches } from '../../game/rules/fair';
import { fits, tally } from './chi-square';

/** As in rolls.test.ts: enough that an Heirloom's expected count (30) passes 5. */
const RARITY_ROLLS = 3_000_000;
const TOTAL = 100_006;

describe('the zones’ tables', () => {
  it('the default zone is the Streets, whose table is the spec’s (DROP_WEIGHTS), for 1 energy from level 1', () => {
    expect(DEFAULT_ZONE.id).toBe('streets');
    expect(zoneById(undefined)).toBe(DEFAULT_ZONE);
    expect(DEFAULT_ZONE.weights).toEqual(DROP_WEIGHTS);
    expect(DEFAULT_ZONE).toMatchObject({ energy: 1, level: 1, parts: false });
  });

  it('every zone keeps the spec’s absolute odds of an Artifact (5 in 100,006) and an Heirloom (1 in 100,006)', () => {
    for (const zone of ZONES) {
      const total = DROPPABLE.reduce((sum, rarity) => sum + zone.weights[rarity], 0);
      expect(total, zone.id).toBe(TOTAL);
      expect(zone.weights.artifact / total, zone.id).toBe(5 / TOTAL);
      expect(zone.weights.heirloom / total, zone.id).toBe(1 / TOTAL);
    }
  });

  it('the Rail Yard drops Uncommon and up, the Bunker Row Very Rare and up, in the spec’s proportions', () => {
    const railYard = zoneById('rail-yard').weights;
    expect([railYard.verycommon, railYard.common]).toEqual([0, 0]);
    expect(railYard.rare / railYard.uncommon).toBe(DROP_WEIGHTS.rare / DROP_WEIGHTS.uncommon);
    const bunker = zoneById('bunker-row').weights;
    expect(DROPPABLE.filter((rarity) => bunker[rarity] > 0)).toEqual(['veryrare', 'epic', 'legendary', 'artifact', 'heirloom']);
    expect(bunker.epic / bunker.veryrare).toBe(DROP_WEIGHTS.epic / DROP_WEIGHTS.veryrare);
  });
});

for (const zone of ZONES) {
  describe(`rolls in the ${zone.name}`, () => {
    let counts: Map<DroppableRarity, number>;
    beforeAll(() => {
      const source = seededRandom(20_261_126);
      counts = tally(RARITY_ROLLS, () => rollRarity(source, zone));
    });

    it('follow its table (chi-square over the tiers it drops, p = 0.001), and never drop a tier it does not', () => {
      const dropped = DROPPABLE.filter((rarity) => zone.weights[rarity] > 0);
      expect(fits(dropped.map((rarity) => [counts.get(rarity) ?? 0, zone.weights[rarity] / TOTAL] as const))).toBe(true);
      for (const rarity of DROPPABLE.filter((tier) => zone.weights[tier] === 0)) expect(counts.get(rarity) ?? 0, rarity).toBe(0);
    });

    it('drop Artifacts and Heirlooms at the spec’s odds (exact binomial bounds, as in rolls.test.ts)', () => {
      expect(counts.get('artifact')).toBeGreaterThanOrEqual(111);
      expect(counts.get('artifact')).toBeLessThanOrEqual(192);
      expect(counts.get('heirloom')).toBeGreaterThanOrEqual(14);
      expect(counts.get('heirloom')).toBeLessThanOrEqual(50);
    });

    it('follow its table through the verifiable roll too (fairScavenge, chi-square with the rarest tiers in one bin)', () => {
      const rarities = new Map<string, number>();
      for (let nonce = 0; nonce < 10_000; nonce += 1) {
        for (const find of fairScavenge({ serverSeed: 'd1ce'.repeat(16), clientSeed: zone.id, nonce }, zone)) {
          const rarity = catalogueById(find.catalogId)!.rarity;
          rarities.set(rarity, (rarities.get(rarity) ?? 0) + 1);
        }
      }
      // The rarest tiers share one bin, as many as it takes for an expected count of at least 10.
      const finds = 10_000 * 6;
      const dropped = DROPPABLE.filter((rarity) => zone.weights[rarity] > 0);
      const tail: DroppableRarity[] = [];
      while (tail.reduce((p, rarity) => p + zone.weights[rarity] / TOTAL, 0) * finds < 10) tail.push(dropped[dropped.length - 1 - tail.length]!);
      const head = dropped.filter((rarity) => !tail.includes(rarity));
      const cells = [
        ...head.map((rarity) => [rarities.get(rarity) ?? 0, zone.weights[rarity] / TOTAL] as const),
        [tail.reduce((n, rarity) => n + (rarities.get(rarity) ?? 0), 0), tail.reduce((p, rarity) => p + zone.weights[rarity] / TOTAL, 0)] as const,
      ];
      expect(fits(cells)).toBe(true);
    }, 120_000);
  });
}

describe('the Drowned Coast', () => {
  const coast = zoneById('drowned-coast');
  const rolls = 400_000;
  let items: Map<string, number>;
  beforeAll(() => {
    const source = seededRandom(8_383);
    items = tally(rolls, () => rollItem(source, coast).catalogId);
  });

  it('turns half the finds of a tier with crafting parts into those parts (chi-square per tier: parts against the rest)', () => {
    for (const [rarity, parts] of PARTS_BY_TIER) {
      if (rarity === 'epic') continue; // too rare for an expected count of 5 in both bins at this many rolls
      const ofTier = [...items].filter(([id]) => catalogueById(id)!.rarity === rarity);
      const asParts = ofTier.filter(([id]) => parts.includes(id)).reduce((n, [, count]) => n + count, 0);
      const all = ofTier.reduce((n, [, count]) => n + count, 0);
      // A part is also drawn on tails, as one of its tier's items.
      const partChance = 0.5 + 0.5 * (parts.length / ofTier.length);
      expect(fits([[asParts, partChance], [all - asParts, 1 - partChance]]), rarity).toBe(true);
    }
  });

  // docs/decisions/022-every-find-counts.md: at 2 energy it was the best zone for no goal, crafting included.
  it('costs the Streets’ energy, so its parts come at no price in finds', () => {
    expect(coast.energy).toBe(zoneById('streets').energy);
  });

  it('keeps the spec’s tier odds: the coin only chooses the item', () => {
    const tiers = new Map<DroppableRarity, number>();
    for (const [id, count] of items) {
      const rarity = catalogueById(id)!.rarity as DroppableRarity;
      tiers.set(rarity, (tiers.get(rarity) ?? 0) + count);
    }
    const head: DroppableRarity[] = ['verycommon', 'common', 'uncommon', 'rare', 'veryrare'];
    const tail = DROPPABLE.filter((rarity) => !head.includes(rarity));
    expect(
      fits([
        ...head.map((rarity) => [tiers.get(rarity) ?? 0, DROP_WEIGHTS[rarity] / TOTAL] as const),
        [tail.reduce((n, rarity) => n + (tiers.get(rarity) ?? 0), 0), tail.reduce((p, rarity) => p + DROP_WEIGHTS[rarity] / TOTAL, 0)] as const,
      ]),
    ).toBe(true);
  });
});

describe('the default zone', () => {
  it('draws exactly what a scavenge drew before zones, so stored rolls still verify', () => {
    // Printed by fairScavenge at commit 053516e, the last before zones, for these seeds.
    const before = [
      { catalogId: 'hubcap', quality: 5 },
      { catalogId: 'wooden-plank', quality: 7 },
      { catalogId: 'work-gloves', quality: 4 },
      { catalogId: 'canvas-backpack', quality: 5 },
      { catalogId: 'garden-shears', quality: 2 },
      { catalogId: 'bent-spoon', quality: 10 },
    ];
    const seeds = { serverSeed: 'ab'.repeat(32), clientSeed: 'before-zones', nonce: 3 };
    expect(fairScavenge(seeds)).toEqual(before);
    expect(fairScavenge(seeds, zoneById('streets'))).toEqual(before);
    expect(matches(seeds, { kind: 'scavenge', finds: before })).toBe(true);
    // The same seeds in another zone make other finds, and a roll that names its zone is checked in it.
    const inRailYard = fairScavenge(seeds, zoneById('rail-yard'));
    expect(inRailYard).not.toEqual(before);
    expect(matches(seeds, { kind: 'scavenge', finds: inRailYard, zone: 'rail-yard' })).toBe(true);
    expect(matches(seeds, { kind: 'scavenge', finds: inRailYard })).toBe(false);
  });

  it('gives finds no other zone would make the same way: the Rail Yard from the same seed draws no common finds', () => {
    const finds = rollLoot(seededRandom(3), 600, zoneById('rail-yard'));
    expect(finds.filter((find) => ['verycommon', 'common'].includes(catalogueById(find.catalogId)!.rarity))).toEqual([]);
  });
});
