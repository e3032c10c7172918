import { UnavailableError } from '../../domain-error.ts';
import { mobileMoneyNumberOrRefuse } from '../users/phone-number.ts';
import type { ScriptedOutcome } from './momo-simulator.ts';
import type { PaymentProviders } from './payment-providers.ts';

/**
 * What `POST /api/simulator/momo/outcomes/` does: queue how the simulator ends the next prompts to a
 * number. Only built while the simulator is the provider (the route does not exist otherwise).
 */
export function createSimulatorControl(providers: Pick<PaymentProviders, 'scriptSimulator'>) {
  return {
    async script(input: {
      phoneNumber: string;
      outcome: ScriptedOutcome['outcome'];
      count: number;
      seconds: number;
    }) {
      const phoneNumber = mobileMoneyNumberOrRefuse(input.phoneNumber);
      try {
        const queued = await providers.scriptSimulator(
          phoneNumber,
          { outcome: input.outcome, seconds: input.seconds },
          input.count,
        );
        return { phoneNumber, queued };
      } catch {
        // A shared simulator that does not answer: nothing was queued, asking again may work.
        throw new UnavailableError('SIMULATOR_UNAVAILABLE', 'The mobile-money simulator did not answer');
      }
    },
  };
}

export type SimulatorControl = ReturnType<typeof createSimulatorControl>;
