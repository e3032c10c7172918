import type { Config } from '../config.ts';
import { createMomoSimulator } from '../features/payments/momo-simulator.ts';
import { CliUsageError, parseOptions } from './cli-options.ts';

/**
 * `momo-simulator [--port P] [--host H]`: the MoMo simulator as a process of its own, for several
 * replicas in simulator mode (each given MOMO_SIMULATOR_URL and the same PAYMENT_CALLBACK_SECRET).
 * Runs until SIGTERM or SIGINT. Delay and failure rate come from MOMO_SIMULATOR_DELAY_MS and
 * MOMO_SIMULATOR_FAILURE_RATE.
 */
export async function runMomoSimulator(
  args: string[],
  config: Config,
  announce: (line: string) => void,
): Promise<string> {
  const options = parseOptions(args, { port: { type: 'string' }, host: { type: 'string' } });
  const port = Number(options.port ?? '4010');
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CliUsageError('--port must be 0–65535');
  if (config.payments.callbackSecretGenerated) {
    throw new CliUsageError(
      'PAYMENT_CALLBACK_SECRET must be set: the replicas check the callbacks it signs with it',
    );
  }
  const simulator = createMomoSimulator({
    delayMs: config.payments.simulator.delayMs,
    failureRate: config.payments.simulator.failureRate,
    callbackSecret: config.payments.callbackSecret,
  });
  const url = await simulator.start(port, options.host ?? '127.0.0.1');
  announce(`MoMo simulator listening at ${url} (give the replicas MOMO_SIMULATOR_URL=${url})`);
  await new Promise<void>((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
  await simulator.close();
  return 'MoMo simulator stopped';
}
