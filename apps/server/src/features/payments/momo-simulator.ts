import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { signCallback } from './callback-signature.ts';

/**
 * A local stand-in for the MTN MoMo Open API, for the embedded mode and the tests: the same paths,
 * headers and answers (token, 202 on a new X-Reference-Id, 409 on a repeated one, GET status), with a
 * settable delay before a payment is final and a settable failure rate. Final payments are also
 * reported to the X-Callback-Url, signed like Sente expects. It listens on 127.0.0.1 only.
 *
 * Numbers with a fixed behaviour (for tests and demos; MoMo's sandbox has similar ones):
 *   256700000001 always fails; 256700000002 stays PENDING for ever;
 *   256700000003 is received but the 202 is lost (answers 500); 256700000004 is refused (400).
 *
 * Any other number can be told how its next prompts end (`script`, or `POST /simulator/outcomes`):
 * `fail` (declined, FAILED at once), `timeout` (nobody answers: PENDING for `seconds`, then FAILED
 * with MoMo's EXPIRED) or `lose_answer` (paid, but the 202 is lost). Since money only moves to and from a user's own numbers, this is how tests
 * and demos reach the failure paths with a real account's number.
 */
export const SIMULATOR_NUMBERS = {
  fails: '+256700000001',
  staysPending: '+256700000002',
  answerLost: '+256700000003',
  refused: '+256700000004',
} as const;

type Product = 'collection' | 'disbursement';

export type ScriptedOutcome = {
  /** `lose_answer`: received and paid, but the 202 is lost (a 500), as with 256700000003. */
  readonly outcome: 'fail' | 'timeout' | 'lose_answer';
  readonly seconds: number;
};

interface SimulatedPayment {
  readonly product: Product;
  readonly referenceId: string;
  readonly amount: string;
  readonly currency: string;
  readonly externalId: string;
  readonly partyId: string;
  readonly decidesAt: number;
  readonly outcome: 'SUCCESSFUL' | 'FAILED' | 'PENDING';
  readonly reason: string | null;
  readonly financialTransactionId: string;
}

export interface MomoSimulatorOptions {
  delayMs: number;
  failureRate: number;
  callbackSecret: string;
  random?: () => number;
}

export interface MomoSimulator {
  /** Starts listening (on 127.0.0.1 unless told otherwise); answers the base URL. */
  start(port?: number, host?: string): Promise<string>;
  configure(patch: Partial<Pick<MomoSimulatorOptions, 'delayMs' | 'failureRate'>>): void;
  /** Queues how the next `count` prompts to `phoneNumber` (+2567XXXXXXXX) end; answers the queue. */
  script(phoneNumber: string, outcome: ScriptedOutcome, count: number): ScriptedOutcome[];
  /** Orders received, by reference id (tests look at them). */
  received(referenceId: string): SimulatedPayment | undefined;
  /** Every order received for a number (+2567XXXXXXXX): tests prove a refused request sent nothing. */
  receivedFor(phoneNumber: string): SimulatedPayment[];
  close(): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function createMomoSimulator(initial: MomoSimulatorOptions): MomoSimulator {
  const options = { ...initial };
  const random = initial.random ?? Math.random;
  const payments = new Map<string, SimulatedPayment>();
  const tokens = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  const scripts = new Map<string, ScriptedOutcome[]>();

  function script(phoneNumber: string, outcome: ScriptedOutcome, count: number): ScriptedOutcome[] {
    const queue = scripts.get(phoneNumber) ?? [];
    for (let i = 0; i < count; i++) queue.push(outcome);
    scripts.set(phoneNumber, queue);
    return [...queue];
  }

  /** The scripted outcome of a new prompt to this number, used up once read. */
  function nextScripted(phoneNumber: string): ScriptedOutcome | undefined {
    const queue = scripts.get(phoneNumber);
    const next = queue?.shift();
    if (queue && queue.length === 0) scripts.delete(phoneNumber);
    return next;
  }
  const app: FastifyInstance = Fastify({ logger: false });

  function error(reply: FastifyReply, status: number, code: string, message: string) {
    return reply.status(status).send({ code, message });
  }

  function isAuthorized(request: FastifyRequest): boolean {
    const header = request.headers.authorization ?? '';
    return (
      header.startsWith('Bearer ') &&
      tokens.has(header.slice(7)) &&
      !!request.headers['ocp-apim-subscription-key']
    );
  }

  function statusBody(payment: SimulatedPayment) {
    const state = Date.now() >= payment.decidesAt ? payment.outcome : 'PENDING';
    const party = { partyIdType: 'MSISDN', partyId: payment.partyId };
    return {
      amount: payment.amount,
      currency: payment.currency,
      externalId: payment.externalId,
      ...(payment.product === 'collection' ? { payer: party } : { payee: party }),
      status: state,
      ...(state === 'SUCCESSFUL' ? { financialTransactionId: payment.financialTransactionId } : {}),
      ...(state === 'FAILED' ? { reason: payment.reason ?? 'INTERNAL_PROCESSING_ERROR' } : {}),
    };
  }

  function scheduleCallback(payment: SimulatedPayment, callbackUrl: string) {
    if (payment.outcome === 'PENDING') return;
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        const body = JSON.stringify({ ...statusBody(payment), referenceId: payment.referenceId });
        fetch(callbackUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-sente-signature': signCallback(options.callbackSecret, body),
          },
          body,
          signal: AbortSignal.timeout(5_000),
        }).catch(() => {
          // Like MoMo, a callback that does not arrive is not retried; Sente's poller catches up.
        });
      },
      Math.max(payment.decidesAt - Date.now(), 0) + 10,
    );
    timer.unref();
    timers.add(timer);
  }

  for (const product of ['collection', 'disbursement'] as const) {
    app.post(`/${product}/token/`, async (request, reply) => {
      if (
        !request.headers.authorization?.startsWith('Basic ') ||
        !request.headers['ocp-apim-subscription-key']
      ) {
        return error(reply, 401, 'UNAUTHORIZED', 'Access denied due to invalid subscription key.');
      }
      const token = randomBytes(24).toString('base64url');
      tokens.add(token);
      return { access_token: token, token_type: 'access_token', expires_in: 3600 };
    });

    const resource = product === 'collection' ? 'requesttopay' : 'transfer';
    app.post(`/${product}/v1_0/${resource}`, async (request, reply) => {
      if (!isAuthorized(request))
        return error(reply, 401, 'UNAUTHORIZED', 'Access token is missing or invalid.');
      const referenceId = String(request.headers['x-reference-id'] ?? '');
      if (!UUID.test(referenceId))
        return error(reply, 400, 'INVALID_REFERENCE_ID', 'X-Reference-Id must be a UUID v4.');
      const key = `${product}:${referenceId}`;
      if (payments.has(key)) {
        return error(
          reply,
          409,
          'RESOURCE_ALREADY_EXIST',
          'Duplicated reference id. Creation of resource failed.',
        );
      }
      const body = (request.body ?? {}) as Record<string, unknown>;
      const party = (product === 'collection' ? body.payer : body.payee) as { partyId?: unknown } | undefined;
      const amount = typeof body.amount === 'string' ? body.amount : '';
      const partyId = typeof party?.partyId === 'string' ? party.partyId : '';
      if (!/^[1-9]\d{0,12}$/.test(amount)) return error(reply, 400, 'INVALID_AMOUNT', 'Amount is invalid.');
      if (!/^\d{9,15}$/.test(partyId)) return error(reply, 400, 'INVALID_PARTY', 'Party id is invalid.');
      if (`+${partyId}` === SIMULATOR_NUMBERS.refused) {
        return error(reply, 400, 'PAYEE_NOT_ALLOWED_TO_RECEIVE', 'The account is not allowed to transact.');
      }
      const scripted = nextScripted(`+${partyId}`);
      const losesAnswer =
        scripted?.outcome === 'lose_answer' || `+${partyId}` === SIMULATOR_NUMBERS.answerLost;
      const fails =
        scripted?.outcome === 'fail' ||
        scripted?.outcome === 'timeout' ||
        (!scripted && (`+${partyId}` === SIMULATOR_NUMBERS.fails || random() < options.failureRate));
      const declined = product === 'collection' ? 'APPROVAL_REJECTED' : 'PAYEE_NOT_FOUND';
      const payment: SimulatedPayment = {
        product,
        referenceId,
        amount,
        currency: typeof body.currency === 'string' ? body.currency : 'UGX',
        externalId: typeof body.externalId === 'string' ? body.externalId : referenceId,
        partyId,
        decidesAt: Date.now() + (scripted?.outcome === 'timeout' ? scripted.seconds * 1000 : options.delayMs),
        outcome:
          `+${partyId}` === SIMULATOR_NUMBERS.staysPending && !scripted
            ? 'PENDING'
            : fails
              ? 'FAILED'
              : 'SUCCESSFUL',
        reason: scripted?.outcome === 'timeout' ? 'EXPIRED' : fails ? declined : null,
        financialTransactionId: String(Math.floor(1e9 + random() * 9e9)),
      };
      payments.set(key, payment);
      const callbackUrl = request.headers['x-callback-url'];
      if (typeof callbackUrl === 'string' && callbackUrl) scheduleCallback(payment, callbackUrl);
      if (losesAnswer) {
        return error(reply, 500, 'INTERNAL_PROCESSING_ERROR', 'An internal error occurred.');
      }
      return reply.status(202).send();
    });

    app.get<{ Params: { referenceId: string } }>(
      `/${product}/v1_0/${resource}/:referenceId`,
      async (request, reply) => {
        if (!isAuthorized(request))
          return error(reply, 401, 'UNAUTHORIZED', 'Access token is missing or invalid.');
        const payment = payments.get(`${product}:${request.params.referenceId}`);
        if (!payment) return error(reply, 404, 'RESOURCE_NOT_FOUND', 'Requested resource was not found.');
        return statusBody(payment);
      },
    );
  }

  // The simulator's own control surface (not part of MoMo's API): replicas sharing a standalone
  // simulator reach it over HTTP, like the payments themselves.
  app.post('/simulator/outcomes', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const phoneNumber = typeof body.phoneNumber === 'string' ? body.phoneNumber : '';
    const count = typeof body.count === 'number' ? body.count : 1;
    const seconds = typeof body.seconds === 'number' ? body.seconds : 60;
    if (!/^\+2567\d{8}$/.test(phoneNumber)) return error(reply, 400, 'INVALID_PARTY', 'Party id is invalid.');
    if (body.outcome !== 'fail' && body.outcome !== 'timeout' && body.outcome !== 'lose_answer')
      return error(reply, 400, 'INVALID_OUTCOME', 'Outcome must be fail, timeout or lose_answer.');
    if (!Number.isInteger(count) || count < 1 || count > 50)
      return error(reply, 400, 'INVALID_COUNT', 'Count must be 1 to 50.');
    if (!Number.isInteger(seconds) || seconds < 0 || seconds > 3600)
      return error(reply, 400, 'INVALID_SECONDS', 'Seconds must be 0 to 3600.');
    return { phoneNumber, queued: script(phoneNumber, { outcome: body.outcome, seconds }, count) };
  });

  return {
    script,
    async start(port = 0, host = '127.0.0.1') {
      return app.listen({ port, host });
    },
    configure(patch) {
      Object.assign(options, patch);
    },
    receivedFor(phoneNumber) {
      return [...payments.values()].filter((payment) => `+${payment.partyId}` === phoneNumber);
    },
    received(referenceId) {
      return payments.get(`collection:${referenceId}`) ?? payments.get(`disbursement:${referenceId}`);
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await app.close();
    },
  };
}
