import type { FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { installErrorHandling } from './errors.ts';
import { responseSerializer } from './response-serializer.ts';

/**
 * How every request is read and answered: zod validates what comes in, the contract checks what goes
 * out (when `validateResponses` is on), and one handler renders every error.
 */
export function installRequestHandling(app: FastifyInstance, options: { validateResponses: boolean }): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(options.validateResponses));
  app.decorateRequest('user', null);
  installErrorHandling(app);
}
