-- Idempotency keys (docs/decisions/031-idempotency-keys.md): the player's newest keys and the answers they got, a JSON
-- ring on the player's row that the keyed intent's own claim writes, so keeping them writes no row more.
ALTER TABLE `players` ADD `intent_keys` text;
