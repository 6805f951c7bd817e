/**
 * `zValidator` answering in the API's error shape: the first issue's message (the spec's text, set in the
 * shared schema) as a 400. Bodies that are not JSON get the same treatment instead of a 500.
 *
 * A body schema must refuse unknown keys at every level (`z.strictObject`): `validate('json', …)` throws when
 * the route is registered if any object in it would strip or pass them, so the Worker does not start with one.
 */
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import type { $ZodType, $ZodTypes } from 'zod/v4/core';
import { MSG } from '../../game/messages';
import { badRequest } from './errors';

export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) {
  if (target === 'json') {
    const loose = looseObjectIn(schema);
    if (loose !== undefined) throw new Error(`A body schema must refuse unknown keys: the object at ${loose} is not a z.strictObject`);
  }
  return zValidator(target, schema, (result) => {
    if (!result.success) throw badRequest(result.error.issues[0]?.message ?? MSG.invalidRequest);
  });
}

/**
 * The path (`body`, `body.keys`, `body[]`) of the first object in `schema` that accepts keys it does not
 * name (`z.object` strips them, `z.looseObject` and `.catchall()` keep them), or undefined when there is none.
 */
export function looseObjectIn(schema: $ZodType, path = 'body', seen = new Set<$ZodType>()): string | undefined {
  if (seen.has(schema)) return undefined;
  seen.add(schema);
  const def = (schema as $ZodTypes)._zod.def;
  const first = (entries: [string, $ZodType | undefined][]) => {
    for (const [at, inner] of entries) {
      const found = inner && looseObjectIn(inner, at, seen);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  switch (def.type) {
    case 'object':
      if (def.catchall?._zod.def.type !== 'never') return path;
      return first(Object.entries(def.shape).map(([key, inner]) => [`${path}.${key}`, inner]));
    case 'array':
      return first([[`${path}[]`, def.element]]);
    case 'tuple':
      return first([...def.items.map((inner, index): [string, $ZodType] => [`${path}[${index}]`, inner]), [`${path}[]`, def.rest ?? undefined]]);
    case 'record':
      return first([[`${path}[*]`, def.valueType]]);
    case 'union':
      return first(def.options.map((inner) => [path, inner]));
    case 'intersection':
      return first([[path, def.left], [path, def.right]]);
    case 'pipe':
      return first([[path, def.in], [path, def.out]]);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
    case 'success':
    case 'promise':
      return first([[path, def.innerType]]);
    case 'lazy':
      return first([[path, def.getter()]]);
    default:
      return undefined;
  }
}
