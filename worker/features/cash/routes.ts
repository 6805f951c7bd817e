/** What cash buys (docs/design.md section 8.2): Second Wind, the Field Kit and the Showcase. */
import { Hono } from 'hono';
import { API } from '../../../game/api';
import { EmptyBodySchema, FieldKitSchema, ShowcaseSchema } from '../../../game/schemas';
import type { AppEnv } from '../../core/env';
import { asPlayer } from '../../core/player';
import { route } from '../../core/route';
import { toIntentResult } from '../../core/state';
import { fieldKit, secondWind, showcase } from './decide';

export const cashRoutes = new Hono<AppEnv>();

route(cashRoutes, API.secondWind, { guard: asPlayer, body: EmptyBodySchema }, (c) => c.var.player.commit((state, now) => secondWind(state, now), toIntentResult));
route(cashRoutes, API.fieldKit, { guard: asPlayer, body: FieldKitSchema }, async (c, { body }) =>
  c.var.player.commit((state, now) => fieldKit(state, body, now), toIntentResult),
);
route(cashRoutes, API.showcase, { guard: asPlayer, body: ShowcaseSchema }, (c, { body }) => c.var.player.commit((state) => showcase(state, body), toIntentResult));
