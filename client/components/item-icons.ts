/**
 * Item art: one Game Icons drawing (CC BY 3.0, from react-icons/gi) per catalogue id, with its artist so the
 * credits page names exactly who drew what we show (docs/decisions/006-look-and-feel.md). The drawings are
 * served as one small SVG file each, `public/item-art/<id>.svg`, written from this map by `npm run item-art`
 * (scripts/item-art.mjs): the client never loads react-icons, and a screen fetches only the drawings it shows.
 * test/e2e/item-icons.spec.ts checks that every catalogue id has an entry and that the files match the map.
 */

/** The game-icons.net artists whose drawings we use, as the collection's licence file names them. */
export const ICON_ARTISTS = ['Lorc', 'Delapouite', 'Skoll', 'Sbed', 'Carl Olsen', 'John Colburn', 'Lucas', 'PriorBlue', 'Willdabeast'] as const;
export type IconArtist = (typeof ICON_ARTISTS)[number];

/** Catalogue id → [the name of its drawing in react-icons/gi, the drawing's artist]. */
export const ITEM_ICONS: Readonly<Record<string, readonly [icon: `Gi${string}`, artist: IconArtist]>> = {
  // Very common
  feather: ['GiFeather', 'Lorc'],
  'bottle-cap': ['GiBottleCap', 'Delapouite'],
  'rusty-nail': ['GiNails', 'Lorc'],
  'cracked-mug': ['GiCoffeeMug', 'Lorc'],
  'bent-spoon': ['GiSpoon', 'Lorc'],
  'frayed-shoelace': ['GiConverseShoe', 'Delapouite'],
  'candle-stub': ['GiCandleLight', 'Lorc'],
  'tin-can-lid': ['GiOpenedFoodCan', 'Delapouite'],
  'duct-tape-scrap': ['GiBandageRoll', 'Lorc'],
  'broken-pencil': ['GiPencil', 'Delapouite'],
  'rubber-band': ['GiSwirlRing', 'Lorc'],
  'soggy-cardboard': ['GiCardboardBox', 'Delapouite'],
  'plastic-fork': ['GiKnifeFork', 'Lorc'],
  'glass-shard': ['GiShatteredGlass', 'Lorc'],
  'old-newspaper': ['GiNewspaper', 'Delapouite'],
  'button-battery': ['GiBattery25', 'PriorBlue'],
  clothespin: ['GiClothespin', 'Delapouite'],
  'chipped-brick': ['GiClayBrick', 'Delapouite'],
  'frayed-rope': ['GiRopeCoil', 'Delapouite'],
  // Common
  hubcap: ['GiCarWheel', 'Delapouite'],
  'kitchen-knife': ['GiKitchenKnives', 'Lorc'],
  'wooden-plank': ['GiPlanks', 'Delapouite'],
  'lead-pipe': ['GiLeadPipe', 'Delapouite'],
  'trash-can-lid': ['GiTrashCan', 'Delapouite'],
  'work-gloves': ['GiGloves', 'Delapouite'],
  'hiking-boots': ['GiWalkingBoot', 'Lorc'],
  'claw-hammer': ['GiClawHammer', 'Lorc'],
  slingshot: ['GiSlingshot', 'Delapouite'],
  'padded-jacket': ['GiMonclerJacket', 'Delapouite'],
  'hockey-mask': ['GiJasonMask', 'Delapouite'],
  crowbar: ['GiCrowbar', 'Delapouite'],
  'tire-iron': ['GiTireIron', 'Delapouite'],
  'bicycle-chain': ['GiCrossedChains', 'Lorc'],
  'welding-goggles': ['GiSteampunkGoggles', 'Delapouite'],
  'garden-shears': ['GiGardeningShears', 'Delapouite'],
  'road-flare': ['GiTorch', 'Delapouite'],
  'canvas-backpack': ['GiBackpack', 'Delapouite'],
  // Uncommon
  'baseball-bat': ['GiBaseballBat', 'Delapouite'],
  machete: ['GiMachete', 'Lorc'],
  'fire-axe': ['GiFireAxe', 'Lorc'],
  'crossbow-pistol': ['GiCrossbow', 'Carl Olsen'],
  'riot-shield': ['GiRiotShield', 'Lorc'],
  'motorcycle-helmet': ['GiFullMotorcycleHelmet', 'Delapouite'],
  'kevlar-vest': ['GiKevlarVest', 'Skoll'],
  'nail-bat': ['GiSpikedBat', 'Skoll'],
  'signpost-spear': ['GiBarbedSpear', 'Lorc'],
  'stop-sign-shield': ['GiStopSign', 'Delapouite'],
  'brass-compass': ['GiCompass', 'Lorc'],
  binoculars: ['GiBinoculars', 'Delapouite'],
  'gas-mask': ['GiGasMask', 'Skoll'],
  'flare-gun': ['GiPistolGun', 'John Colburn'],
  'leather-duster': ['GiPirateCoat', 'Delapouite'],
  // Rare
  sledgehammer: ['GiFlatHammer', 'Lorc'],
  'bear-trap': ['GiWolfTrap', 'Lorc'],
  'compound-bow': ['GiPocketBow', 'Lorc'],
  chainsaw: ['GiChainsaw', 'Delapouite'],
  'tactical-vest': ['GiArmorVest', 'Lorc'],
  'night-vision-goggles': ['GiNightVision', 'Delapouite'],
  'scrap-gauntlets': ['GiGauntlet', 'Delapouite'],
  'pump-shotgun': ['GiShotgun', 'Sbed'],
  'hazmat-suit': ['GiHazmatSuit', 'Delapouite'],
  'wrist-crossbow': ['GiBracer', 'Delapouite'],
  'car-door-shield': ['GiCarDoor', 'Delapouite'],
  'geiger-counter': ['GiRadioactive', 'Lorc'],
  katana: ['GiKatana', 'Delapouite'],
  // Very rare
  'radio-transceiver': ['GiPocketRadio', 'Delapouite'],
  'harpoon-gun': ['GiHarpoonChain', 'Lorc'],
  'scout-drone': ['GiDeliveryDrone', 'Delapouite'],
  'plasma-cutter': ['GiLaserSparks', 'Lorc'],
  'exoskeleton-legs': ['GiRobotLeg', 'Delapouite'],
  'ballistic-armor': ['GiChestArmor', 'Delapouite'],
  'tesla-staff': ['GiTeslaCoil', 'Lorc'],
  'sniper-rifle': ['GiRifle', 'Sbed'],
  // Epic
  'thermal-cloak': ['GiCloak', 'Lucas'],
  'rail-spike-launcher': ['GiMissileLauncher', 'Delapouite'],
  'solar-backpack': ['GiSolarPower', 'Skoll'],
  'reactive-plating': ['GiLayeredArmor', 'Lorc'],
  'bone-saw-glaive': ['GiGlaive', 'Delapouite'],
  'arc-welder-lance': ['GiArcingBolt', 'Lorc'],
  'titanium-exosuit': ['GiSpaceSuit', 'Lorc'],
  // Legendary
  'gauss-carbine': ['GiRayGun', 'Lorc'],
  'mirror-shield': ['GiShieldReflect', 'Lorc'],
  'mutant-hide-coat': ['GiAnimalHide', 'Delapouite'],
  'storm-harpoon': ['GiHarpoonTrident', 'Lorc'],
  'bunker-door': ['GiSteelDoor', 'Skoll'],
  'drone-swarm-remote': ['GiConsoleController', 'Skoll'],
  // Artifact
  'orbital-beacon': ['GiBeamSatellite', 'Delapouite'],
  'cryo-cannon': ['GiIceBolt', 'Lorc'],
  'dam-keepers-aegis': ['GiGriffinShield', 'Delapouite'],
  'mech-arm': ['GiMechanicalArm', 'Lorc'],
  'phoenix-flamethrower': ['GiFlamethrower', 'Delapouite'],
  // Heirloom
  'silo-door-greatshield': ['GiRoundShield', 'Willdabeast'],
  'fusion-core': ['GiReactor', 'Sbed'],
  'sentinel-core': ['GiProcessor', 'Lorc'],
  'starfall-blade': ['GiBladeFall', 'Lorc'],
  'stasis-field-generator': ['GiBubbleField', 'Lorc'],
  'founders-railgun': ['GiLaserGun', 'Sbed'],
  'grandmothers-lantern': ['GiOldLantern', 'Delapouite'],
  'seed-vault-key': ['GiSkeletonKey', 'Lorc'],
  // Assembled
  'junkyard-titan': ['GiRobotGolem', 'Lorc'],
  'skyhook-glider': ['GiHangGlider', 'Delapouite'],
  'scrapforge-hammer': ['GiGearHammer', 'Lorc'],
  'citadel-walker': ['GiWalkingTurret', 'Delapouite'],
};
