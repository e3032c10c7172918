import type { PaymentsConfig } from '../../config.ts';
import { createMomoClient } from './momo-client.ts';
import { createMomoSimulator, type MomoSimulator, type ScriptedOutcome } from './momo-simulator.ts';
import type { PaymentProvider, ProviderName } from './payment-provider.ts';

export interface PaymentProviders {
  readonly providers: ReadonlyMap<ProviderName, PaymentProvider>;
  /** Present in simulator mode when it runs in this process (tests change its delay and failure rate). */
  readonly simulator: MomoSimulator | null;
  /** The simulator's configured delay and failure rate, to restore after a change. */
  readonly defaults: { readonly delayMs: number; readonly failureRate: number };
  /** The simulator's base URL, starting it if it is not listening yet. */
  simulatorUrl(): Promise<string>;
  /**
   * Queues how the simulator ends the next prompts to a number (in this process, or the shared one
   * over HTTP); answers the number's queue. Only in simulator mode.
   */
  scriptSimulator(phoneNumber: string, outcome: ScriptedOutcome, count: number): Promise<ScriptedOutcome[]>;
  close(): Promise<void>;
}

const SIMULATOR_CREDENTIALS = { subscriptionKey: 'simulator', apiUser: 'simulator', apiKey: 'simulator' };

/**
 * The providers of the configured mode. `simulator`: the MoMo simulator on a local port (started on
 * first use) serves both MTN and Airtel numbers. `momo`: the real MTN MoMo API serves MTN numbers;
 * Airtel numbers are refused until an Airtel Money client is added behind the same interface.
 */
export function createPaymentProviders(config: PaymentsConfig): PaymentProviders {
  const { collection, disbursement } = config.momo;
  if (config.mode === 'momo' && collection && disbursement) {
    const mtn = createMomoClient({
      name: 'mtn',
      baseUrl: config.momo.baseUrl,
      targetEnvironment: config.momo.targetEnvironment,
      currency: config.momo.currency,
      collection,
      disbursement,
    });
    return {
      providers: new Map([['mtn', mtn]]),
      simulator: null,
      defaults: config.simulator,
      simulatorUrl: () => Promise.reject(new Error('No simulator in momo mode')),
      scriptSimulator: () => Promise.reject(new Error('No simulator in momo mode')),
      close: async () => {},
    };
  }
  const { simulator, simulatorUrl, closeSimulator } = simulatorOf(config);
  const client = (name: ProviderName) =>
    createMomoClient({
      name,
      baseUrl: simulatorUrl,
      targetEnvironment: 'sandbox',
      currency: 'UGX',
      collection: SIMULATOR_CREDENTIALS,
      disbursement: SIMULATOR_CREDENTIALS,
      timeoutMs: 5_000,
    });
  return {
    providers: new Map<ProviderName, PaymentProvider>([
      ['mtn', client('mtn')],
      ['airtel', client('airtel')],
    ]),
    simulator,
    defaults: config.simulator,
    simulatorUrl,
    async scriptSimulator(phoneNumber, outcome, count) {
      if (simulator) return simulator.script(phoneNumber, outcome, count);
      const response = await fetch(`${await simulatorUrl()}/simulator/outcomes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phoneNumber, count, ...outcome }),
        signal: AbortSignal.timeout(5_000),
      });
      if (!response.ok) throw new Error(`The simulator answered ${response.status}`);
      return ((await response.json()) as { queued: ScriptedOutcome[] }).queued;
    },
    close: closeSimulator,
  };
}

/**
 * One simulator per process is fine for one server; replicas share a standalone one
 * (MOMO_SIMULATOR_URL), or a payment started through one replica would be unknown to the simulator
 * the other one asks. The in-process one starts on first use.
 */
function simulatorOf(config: PaymentsConfig) {
  const shared = config.simulator.url;
  if (shared) {
    return { simulator: null, simulatorUrl: () => Promise.resolve(shared), closeSimulator: async () => {} };
  }
  const simulator = createMomoSimulator({
    delayMs: config.simulator.delayMs,
    failureRate: config.simulator.failureRate,
    callbackSecret: config.callbackSecret,
  });
  let started: Promise<string> | null = null;
  return {
    simulator,
    simulatorUrl: () => {
      started ??= simulator.start(config.simulator.port);
      return started;
    },
    closeSimulator: async () => {
      if (started) await simulator.close();
    },
  };
}
