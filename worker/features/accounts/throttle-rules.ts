/** The accounts' throttles (docs/decisions/002-identity-and-sessions.md), counted by worker/core/throttle.ts. */
import { HOUR, MINUTE, type ThrottleRule } from '../../core/throttle';

/**
 * Logins: one address may try one identifier 10 times per 15 minutes, so strangers elsewhere cannot lock
 * the owner out; one address may make 50 attempts across identifiers; and one identifier takes at most 100
 * attempts an hour from everywhere, which bounds a distributed guesser and at worst delays the owner until
 * the hour ends (it never locks anyone out for good).
 */
export const LOGIN_PER_ID_AND_ADDRESS: ThrottleRule = { name: 'login:id+ip', limit: 10, windowMs: 15 * MINUTE };
export const LOGIN_PER_ADDRESS: ThrottleRule = { name: 'login:ip', limit: 50, windowMs: 15 * MINUTE };
export const LOGIN_PER_ID: ThrottleRule = { name: 'login:id', limit: 100, windowMs: HOUR };
export const RESETS_PER_EMAIL: ThrottleRule = { name: 'reset:email', limit: 3, windowMs: HOUR };
export const RESETS_PER_ADDRESS: ThrottleRule = { name: 'reset:ip', limit: 20, windowMs: HOUR };
export const RESET_CONFIRMS_PER_ADDRESS: ThrottleRule = { name: 'reset-confirm:ip', limit: 20, windowMs: HOUR };
export const SIGNUPS_PER_ADDRESS: ThrottleRule = { name: 'signup:ip', limit: 10, windowMs: HOUR };
export const VERIFICATION_MAILS_PER_ACCOUNT: ThrottleRule = { name: 'verify-mail:account', limit: 3, windowMs: HOUR };
