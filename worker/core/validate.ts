/**
 * `zValidator` answering in the API's error shape: the first issue's message (the spec's text, set in the
 * shared schema) as a 400. Bodies that are not JSON get the same treatment instead of a 500.
 */
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { MSG } from '../../game/messages';
import { badRequest } from './errors';

export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw badRequest(result.error.issues[0]?.message ?? MSG.invalidRequest);
  });
}
