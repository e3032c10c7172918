import { randomUUID } from 'node:crypto';
import type { MomoCredentials } from '../../config.ts';
import {
  type PaymentDirection,
  type PaymentOrder,
  type PaymentProvider,
  PaymentRejectedError,
  type ProviderName,
  type ProviderStatus,
  ProviderUnavailableError,
} from './payment-provider.ts';

export interface MomoClientOptions {
  readonly name: ProviderName;
  /** Resolved on first use (the simulator starts listening when first needed). */
  readonly baseUrl: string | (() => Promise<string>);
  readonly targetEnvironment: string;
  readonly currency: string;
  readonly collection: MomoCredentials;
  readonly disbursement: MomoCredentials;
  readonly timeoutMs?: number;
}

type Product = 'collection' | 'disbursement';
const PRODUCT: Record<PaymentDirection, Product> = { request: 'collection', send: 'disbursement' };
const RESOURCE: Record<PaymentDirection, string> = { request: 'requesttopay', send: 'transfer' };

interface MomoStatusBody {
  status?: string;
  financialTransactionId?: string;
  reason?: string | { code?: string; message?: string };
}

/** MoMo wants the number without the plus: 256772123456. */
function msisdn(phoneNumber: string): string {
  return phoneNumber.replace(/^\+/, '');
}

function reasonText(reason: MomoStatusBody['reason']): string {
  if (!reason) return 'The mobile-money provider declined the payment';
  if (typeof reason === 'string') return reason;
  return reason.message ?? reason.code ?? 'The mobile-money provider declined the payment';
}

/**
 * A client of the MTN MoMo Open API: `POST /collection/v1_0/requesttopay` and
 * `POST /disbursement/v1_0/transfer` with an X-Reference-Id per order (202 Accepted), then
 * `GET .../{referenceId}` for the status. The same shapes are served by the local simulator.
 */
export function createMomoClient(options: MomoClientOptions): PaymentProvider {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const tokens = new Map<Product, { value: string; expiresAt: number }>();
  const base = async () => (typeof options.baseUrl === 'string' ? options.baseUrl : options.baseUrl());

  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new ProviderUnavailableError(`MoMo did not answer: ${(error as Error).message}`);
    }
  }

  async function token(product: Product): Promise<string> {
    const cached = tokens.get(product);
    if (cached && cached.expiresAt > Date.now()) return cached.value;
    const credentials = options[product];
    const response = await call(`${await base()}/${product}/token/`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${credentials.apiUser}:${credentials.apiKey}`).toString('base64')}`,
        'ocp-apim-subscription-key': credentials.subscriptionKey,
      },
    });
    if (!response.ok) throw new ProviderUnavailableError(`MoMo token request answered ${response.status}`);
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new ProviderUnavailableError('MoMo token answer had no access_token');
    // Renew a minute early so a token never expires in flight.
    const lifetimeMs = Math.max((body.expires_in ?? 3600) - 60, 30) * 1000;
    tokens.set(product, { value: body.access_token, expiresAt: Date.now() + lifetimeMs });
    return body.access_token;
  }

  async function headers(product: Product, extra: Record<string, string>): Promise<Record<string, string>> {
    return {
      authorization: `Bearer ${await token(product)}`,
      'x-target-environment': options.targetEnvironment,
      'ocp-apim-subscription-key': options[product].subscriptionKey,
      ...extra,
    };
  }

  return {
    name: options.name,

    async send(order: PaymentOrder): Promise<void> {
      const product = PRODUCT[order.direction];
      const party = { partyIdType: 'MSISDN', partyId: msisdn(order.phoneNumber) };
      const body = {
        amount: String(order.amount),
        currency: options.currency,
        externalId: order.referenceId,
        ...(order.direction === 'request' ? { payer: party } : { payee: party }),
        payerMessage: order.message.slice(0, 160),
        payeeNote: order.message.slice(0, 160),
      };
      const response = await call(`${await base()}/${product}/v1_0/${RESOURCE[order.direction]}`, {
        method: 'POST',
        headers: await headers(product, {
          'x-reference-id': order.referenceId,
          'content-type': 'application/json',
          ...(order.callbackUrl ? { 'x-callback-url': order.callbackUrl } : {}),
        }),
        body: JSON.stringify(body),
      });
      // 409: this reference was already received, i.e. an earlier send of this order arrived.
      if (response.status === 202 || response.status === 409) return;
      const text = await response.text().catch(() => '');
      if (response.status === 401 || response.status >= 500) {
        throw new ProviderUnavailableError(`MoMo answered ${response.status}: ${text.slice(0, 200)}`);
      }
      throw new PaymentRejectedError(`MoMo refused the payment (${response.status}): ${text.slice(0, 200)}`);
    },

    async status(direction: PaymentDirection, referenceId: string): Promise<ProviderStatus> {
      const product = PRODUCT[direction];
      const response = await call(`${await base()}/${product}/v1_0/${RESOURCE[direction]}/${referenceId}`, {
        method: 'GET',
        headers: await headers(product, { 'x-request-id': randomUUID() }),
      });
      if (response.status === 404) return { state: 'NOT_FOUND' };
      if (!response.ok) throw new ProviderUnavailableError(`MoMo status answered ${response.status}`);
      const body = (await response.json()) as MomoStatusBody;
      if (body.status === 'SUCCESSFUL')
        return { state: 'SUCCESSFUL', providerReference: body.financialTransactionId ?? null };
      if (body.status === 'FAILED' || body.status === 'REJECTED' || body.status === 'TIMEOUT') {
        return { state: 'FAILED', reason: reasonText(body.reason) };
      }
      return { state: 'PENDING' };
    },
  };
}
