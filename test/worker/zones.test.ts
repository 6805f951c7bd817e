/**
 * Zones through the API (docs/design.md section 8.3): `POST /api/scavenge {zone?}` spends the zone's energy, is
 * refused below its level with 'Reach level {n} to scavenge here.' and changes nothing, rolls from the zone's
 * table, and stores a roll that names its zone and verifies in it. The tables themselves: test/game/zones.test.ts.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { API } from '../../game/api';
import { MSG } from '../../game/messages';
import { catalogueById, rarityRank, xpForLevel, zoneById } from '../../game/rules';
import { matches } from '../../game/rules/fair';
import type { FairRolls, IntentResult } from '../../game/wire';
import { call, expectError, json, mintPlayer, setPlayer } from './helpers';

type Player = Awaited<ReturnType<typeof mintPlayer>>;

const scavengeIn = (player: Player, zone?: string) => call(API.scavenge.path, { token: player.token, body: zone === undefined ? {} : { zone } });
const stateOf = async (uid: string) =>
  env.DB.prepare('SELECT energy, gold, xp, json_array_length(finds) AS loot, roll_nonce AS nonce FROM players WHERE uid = ?')
    .bind(uid)
    .first();

async function atLevel(level: number): Promise<Player> {
  const player = await mintPlayer();
  await setPlayer(player.uid, { xp: xpForLevel(level), level });
  return player;
}

describe('scavenging in a zone', () => {
  it('with no zone, and in the Streets, costs the spec’s 1 energy', async () => {
    const player = await mintPlayer();
    expect((await json<IntentResult>(await scavengeIn(player))).profile.energy).toBe(19);
    expect((await json<IntentResult>(await scavengeIn(player, 'streets'))).profile.energy).toBe(18);
  });

  it('the Bunker Row at level 10 spends 5 energy, pays 1 gold and finds only Very Rare and up', async () => {
    const player = await atLevel(10);
    const result = await json<IntentResult>(await scavengeIn(player, 'bunker-row'));
    expect(result.profile.energy).toBe(20 - zoneById('bunker-row').energy);
    expect(result.profile.gold).toBe(101);
    expect(result.loot).toHaveLength(6);
    for (const find of result.loot) expect(rarityRank(find.rarity), find.catalogId).toBeGreaterThanOrEqual(rarityRank('veryrare'));
  });

  it('is refused below the zone’s level with the level it opens at, and changes nothing', async () => {
    for (const [zone, level] of [
      ['rail-yard', 3],
      ['drowned-coast', 5],
      ['bunker-row', 10],
    ] as const) {
      const player = await atLevel(level - 1);
      const before = await stateOf(player.uid);
      await expectError(await scavengeIn(player, zone), 400, MSG.zoneLevel(level));
      expect(MSG.zoneLevel(level)).toBe(`Reach level ${level} to scavenge here.`);
      expect(await stateOf(player.uid)).toEqual(before);
    }
  });

  it('is refused without the zone’s energy, and changes nothing', async () => {
    const player = await atLevel(10);
    await setPlayer(player.uid, { energy: 4, energy_at: Date.now() });
    const before = await stateOf(player.uid);
    await expectError(await scavengeIn(player, 'bunker-row'), 400, MSG.notEnoughEnergy);
    expect(await stateOf(player.uid)).toEqual(before);
  });

  it('refuses a zone that does not exist, and anything else in the body', async () => {
    const player = await mintPlayer();
    const before = await stateOf(player.uid);
    await expectError(await scavengeIn(player, 'moon'), 400);
    await expectError(await call(API.scavenge.path, { token: player.token, body: { zone: 'streets', energy: 0 } }), 400);
    expect(await stateOf(player.uid)).toEqual(before);
  });

  it('a burst of ten scavenges in the Rail Yard with 5 energy spends it twice at most, one roll each', async () => {
    const player = await atLevel(3);
    await setPlayer(player.uid, { energy: 5, energy_at: Date.now() });
    const answers = await Promise.all(Array.from({ length: 10 }, () => scavengeIn(player, 'rail-yard')));
    const ok = answers.filter((response) => response.status === 200).length;
    expect(ok).toBe(2);
    const after = (await stateOf(player.uid)) as { energy: number; nonce: number };
    expect(after.energy).toBe(1);
    expect(after.nonce).toBe(2);
  });

  it('stores a roll that names its zone and verifies in it once the seed is revealed', async () => {
    const player = await atLevel(3);
    const { loot } = await json<IntentResult>(await scavengeIn(player, 'rail-yard'));
    for (const find of loot) expect(['verycommon', 'common']).not.toContain(catalogueById(find.catalogId)!.rarity);
    const secret = (await env.DB.prepare('SELECT server_seed FROM fair_seeds WHERE uid = ?').bind(player.uid).first<{ server_seed: string }>())!.server_seed;
    const [roll] = (await json<FairRolls>(await call(API.fairRolls.path, { token: player.token }))).rolls;
    expect(roll!.outcome).toEqual({ kind: 'scavenge', zone: 'rail-yard', finds: loot.map(({ catalogId, quality }) => ({ catalogId, quality })) });
    const seeds = { serverSeed: secret, clientSeed: roll!.clientSeed, nonce: roll!.nonce };
    expect(matches(seeds, roll!.outcome)).toBe(true);
    // Read as the Streets, the same seeds would have made other finds.
    expect(matches(seeds, { kind: 'scavenge', finds: roll!.outcome.kind === 'scavenge' ? roll!.outcome.finds : [] })).toBe(false);
  });
});
