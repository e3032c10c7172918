import { z } from 'zod';
import { ApiError } from './common.ts';
import { route } from './route.ts';

export const health = route({
  method: 'GET',
  path: '/api/health',
  auth: 'public',
  summary: 'Liveness and database readiness',
  tags: ['health'],
  responses: { 200: z.object({ status: z.literal('ok') }), 503: ApiError },
});

export const healthRoutes = { health } as const;
