import type { FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { installErrorHandling } from './errors.ts';
import { registerFormBodyParser } from './form-body.ts';
import { registerJsonBodyParser } from './json-body.ts';
import { responseSerializer } from './response-serializer.ts';

/**
 * How every request is read and answered: zod validates what comes in, the contract checks what goes
 * out (when `validateResponses` is on), one handler renders every error, and JSON bodies are read
 * leniently where the spec's client needs it (an empty body is no body) and strictly where the
 * database needs it (no NUL).
 */
export function installRequestHandling(app: FastifyInstance, options: { validateResponses: boolean }): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(options.validateResponses));
  app.decorateRequest('user', null);
  installErrorHandling(app);
  registerJsonBodyParser(app);
  registerFormBodyParser(app);
}
