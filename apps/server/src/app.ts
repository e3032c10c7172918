import path from 'node:path';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { RouteDefinition } from '@sente/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerAccountsRoutes } from './features/accounts/accounts.routes.ts';
import { createAccountsService } from './features/accounts/accounts.service.ts';
import { createPaymentNumbers } from './features/accounts/payment-numbers.ts';
import { createPhoneConfirmation } from './features/accounts/phone-confirmation.ts';
import { registerApplicationRoutes } from './features/applications/applications.routes.ts';
import { createApplicationsService } from './features/applications/applications.service.ts';
import { createLocalDocumentStorage } from './features/applications/document-storage.ts';
import { createDocumentsService, MAX_DOCUMENT_BYTES } from './features/applications/documents.service.ts';
import { createS3DocumentStorage } from './features/applications/s3-document-storage.ts';
import { createDocumentUrlSigner } from './features/applications/signed-url.ts';
import { registerAuditRoutes } from './features/audit/audit.routes.ts';
import { createAuditService } from './features/audit/audit.service.ts';
import { createAccessTokens } from './features/auth/access-token.ts';
import { registerAuthRoutes } from './features/auth/auth.routes.ts';
import { createAuthService } from './features/auth/auth.service.ts';
import { registerMfaRoutes } from './features/auth/mfa.routes.ts';
import { createMfaPolicy, createMfaService } from './features/auth/mfa.service.ts';
import { createSignedInCache, USER_CHANGED_CHANNEL } from './features/auth/signed-in-cache.ts';
import { createSecretBox } from './features/auth/totp.ts';
import { registerCapitalRoutes } from './features/capital/capital.routes.ts';
import { createCapitalService } from './features/capital/capital.service.ts';
import { registerHealthRoutes } from './features/health/health.routes.ts';
import { createIdempotencyService } from './features/idempotency/idempotency.service.ts';
import { registerJobsRoutes } from './features/jobs/jobs.routes.ts';
import { createJobsService } from './features/jobs/jobs.service.ts';
import { createLedgerService } from './features/ledger/ledger.service.ts';
import { createAutoInvestService } from './features/lenders/auto-invest.service.ts';
import { createLenderAdminService } from './features/lenders/lender-admin.service.ts';
import { registerLendersRoutes } from './features/lenders/lenders.routes.ts';
import { assertIsLender, assertMayBid, createLendersService } from './features/lenders/lenders.service.ts';
import { registerLendingRoutes } from './features/lending/lending.routes.ts';
import { createLendingService } from './features/lending/lending.service.ts';
import { registerLoanTypeRoutes } from './features/loan-types/loan-types.routes.ts';
import { createLoanTypesService } from './features/loan-types/loan-types.service.ts';
import { registerLoanRoutes } from './features/loans/loans.routes.ts';
import { createLoansService } from './features/loans/loans.service.ts';
import { registerMarketplaceRoutes } from './features/marketplace/marketplace.routes.ts';
import { createMarketplaceService } from './features/marketplace/marketplace.service.ts';
import { createAfricasTalkingSms } from './features/messages/africas-talking.ts';
import { simulatorSmsProvider } from './features/messages/message-providers.ts';
import { registerMessagesRoutes } from './features/messages/messages.routes.ts';
import { createMessagesService } from './features/messages/messages.service.ts';
import { createSmtpEmail } from './features/messages/smtp-email.ts';
import { registerMoneyReportsRoutes } from './features/money-reports/money-reports.routes.ts';
import { createMoneyReportsService } from './features/money-reports/money-reports.service.ts';
import { registerNotificationsRoutes } from './features/notifications/notifications.routes.ts';
import { createNotificationsService } from './features/notifications/notifications.service.ts';
import { createPaymentCallbackHandler } from './features/payments/payment-callback.ts';
import { createPaymentProviders } from './features/payments/payment-providers.ts';
import { registerPaymentsRoutes } from './features/payments/payments.routes.ts';
import { createPaymentsService } from './features/payments/payments.service.ts';
import { createSimulatorControl } from './features/payments/simulator-control.ts';
import { createEnquiriesService } from './features/public-forms/enquiries.service.ts';
import { registerPublicFormsRoutes } from './features/public-forms/public-forms.routes.ts';
import { createPublicFormsService } from './features/public-forms/public-forms.service.ts';
import { createSimulatorSms } from './features/sms/sms.ts';
import { createPasswordResetService } from './features/users/password-reset.service.ts';
import { createUserAdminService } from './features/users/user-admin.service.ts';
import { registerUsersRoutes } from './features/users/users.routes.ts';
import { createUsersService } from './features/users/users.service.ts';
import { registerWalletRoutes } from './features/wallet/wallet.routes.ts';
import { createWalletService } from './features/wallet/wallet.service.ts';
import { registerLoadShedding } from './http/load-shedding.ts';
import { registerOpenApi } from './http/openapi.ts';
import { decoratePublicOrigin } from './http/paged-answer.ts';
import { rateLimitStore } from './http/rate-limit-store.ts';
import { createRouteRegistrar } from './http/register-route.ts';
import { installRequestHandling } from './http/request-handling.ts';
import { loggerOptions } from './http/request-log.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerWeb } from './http/web.ts';
import { AUTO_INVEST_JOB } from './jobs/job-names.ts';
import { createJobQueue } from './jobs/job-queue.ts';

export interface AppDeps {
  readonly config: Config;
  readonly database: Database;
  readonly clock?: Clock;
  /** Tests pass false (quiet) or a stream; production logs JSON lines to stdout. */
  readonly logger?: FastifyServerOptions['logger'];
}

/** Builds every service once; routes, the CLI and the seed all use these. */
export function createServices({ config, database, clock = systemClock }: Omit<AppDeps, 'logger'>) {
  const db = database.db;
  // The queue every background job runs on; main.ts starts its workers (JOB_POLL_MS).
  const jobs = createJobQueue({ database, clock, pollMs: config.jobPollMs });
  const accessTokens = createAccessTokens(config.jwtSecret, config.accessTokenTtlSeconds);
  const signedIn = createSignedInCache();
  // Until the feed listens the cache trusts nothing, so a failure here only costs speed.
  database.changes.subscribe(USER_CHANGED_CHANNEL, signedIn.subscription).catch(() => {});
  const notifications = createNotificationsService({ db, clock });
  // The SMS simulator records what it was asked to send; the SMS provider in embedded mode.
  const simulatorSms = createSimulatorSms({ db, clock });
  // The outbox (docs/notifications.md): SMS through Africa's Talking or the simulator, e-mail when SMTP is
  // set. Made before auth, which tells account owners of failed and new sign-ins through it.
  const sms = config.messages.sms;
  const messages = createMessagesService({
    db,
    clock,
    sms:
      sms.provider === 'africastalking' ? createAfricasTalkingSms(sms) : simulatorSmsProvider(simulatorSms),
    email: config.messages.smtp ? createSmtpEmail(config.messages.smtp) : null,
  });
  const auth = createAuthService({
    signedIn,
    notifications,
    messages,
    db,
    clock,
    accessTokens,
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
    mfaStepFor: createMfaPolicy({ db, required: config.adminMfa === 'required' }),
  });
  const mfa = createMfaService({
    db,
    clock,
    accessTokens,
    auth,
    box: createSecretBox(config.jwtSecret),
    required: config.adminMfa === 'required',
  });
  const users = createUsersService({ db, clock });
  const publicForms = createPublicFormsService({ db, clock, messages });
  const userAdmin = createUserAdminService({ db, clock, auth });
  const passwordResets = createPasswordResetService({
    db,
    clock,
    auth,
    publicUrl: config.publicUrl,
    messages,
  });
  const phone = createPhoneConfirmation({ db, clock, messages });
  const paymentNumbers = createPaymentNumbers({ db, clock, messages });
  const accounts = createAccountsService({ db, clock, users, auth, phone });
  const loans = createLoansService({ db, clock, messages });
  const loanTypes = createLoanTypesService({
    db,
    clock,
    maxMonthlyRateBasisPoints: config.maxMonthlyRateBasisPoints,
  });
  const applications = createApplicationsService({
    db,
    clock,
    loanTypes,
    loans,
    messages,
    listingHours: config.marketplace.listingHours,
  });
  // Object storage when configured, so every replica reads what any replica stored.
  const documentStorage = config.s3
    ? createS3DocumentStorage(config.s3)
    : createLocalDocumentStorage(path.join(config.dataDir, 'documents'));
  const documents = createDocumentsService({
    db,
    clock,
    storage: documentStorage,
    signer: createDocumentUrlSigner(config.jwtSecret),
    applications,
  });
  const ledger = createLedgerService({ clock });
  const idempotency = createIdempotencyService({ db, clock });
  const paymentProviders = createPaymentProviders(config.payments);
  const payments = createPaymentsService({
    db,
    clock,
    ledger,
    notifications,
    providers: paymentProviders.providers,
    callbackBaseUrl: config.payments.callbackBaseUrl,
    pollIntervalMs: config.payments.pollIntervalMs,
    pendingTimeoutMs: config.payments.pendingTimeoutMs,
    userLimits: config.payments.userLimits,
    numbers: paymentNumbers,
    messages,
    settlementGroups: config.payments.settlementGroups,
  });
  const simulatorControl =
    config.payments.mode === 'simulator' ? createSimulatorControl(paymentProviders) : null;
  const handlePaymentCallback = createPaymentCallbackHandler({
    db,
    payments,
    secret: config.payments.callbackSecret,
  });
  const moneyReports = createMoneyReportsService({ db, clock, ledger, users });
  const capital = createCapitalService({ db, ledger });
  const wallet = createWalletService({ db, clock, ledger, payments, idempotency, reports: moneyReports });
  const autoInvest = createAutoInvestService({ db, clock, minBid: config.marketplace.minBid });
  const marketplace = createMarketplaceService({
    autoInvest,
    db,
    clock,
    ledger,
    idempotency,
    applications,
    lenders: { assertMayBid, assertIsLender },
    messages,
    config: config.marketplace,
  });
  const lending = createLendingService({
    db,
    ledger,
    payments,
    idempotency,
    applications,
    loans,
    messages,
    marketplace,
    syncWaitMs: config.payments.syncWaitMs,
  });
  const lenders = createLendersService({ db, clock });
  const lenderAdmin = createLenderAdminService({ db, clock, ledger, notifications, messages });
  const audit = createAuditService({ db });
  const enquiries = createEnquiriesService({ db, clock, users, passwordResets });
  const jobsAdmin = createJobsService({ db, queue: jobs });
  // Auto-invest bids when a listing opens and when a lender's cash arrives (decisions.md), not only
  // on its minute schedule: both queue a run as soon as their transaction has committed.
  applications.onApprovalCommitted(() => jobs.nudge(AUTO_INVEST_JOB));
  payments.onSettled((payment) => {
    if (payment.type === 'DEPOSIT') jobs.nudge(AUTO_INVEST_JOB);
  });
  return {
    config,
    database,
    db,
    clock,
    jobs,
    jobsAdmin,
    accessTokens,
    signedIn,
    auth,
    mfa,
    users,
    userAdmin,
    passwordResets,
    simulatorSms,
    messages,
    phone,
    paymentNumbers,
    accounts,
    loans,
    loanTypes,
    applications,
    documentStorage,
    documents,
    ledger,
    idempotency,
    notifications,
    paymentProviders,
    simulatorControl,
    payments,
    handlePaymentCallback,
    wallet,
    moneyReports,
    capital,
    lending,
    marketplace,
    publicForms,
    lenders,
    lenderAdmin,
    autoInvest,
    audit,
    enquiries,
  };
}
export type Services = ReturnType<typeof createServices>;

/** The composition root: one Fastify app with the API under /api and the web app beside it. */
export interface RegisteredRoute {
  readonly method: string;
  readonly url: string;
  readonly contract: RouteDefinition | undefined;
}

export async function buildApp(
  deps: AppDeps,
): Promise<{ app: FastifyInstance; services: Services; registeredRoutes: readonly RegisteredRoute[] }> {
  const { config, database } = deps;
  const services = createServices(deps);
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config.logLevel) ?? false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 200 },
    // A URL that does not decode (`/%E0%A4%A`) gets the API's own error shape, not Fastify's.
    frameworkErrors: (error, _request, reply) => {
      const badUrl = error.code === 'FST_ERR_BAD_URL';
      // Typed loosely: this runs before any route, so no route's reply schema applies.
      const raw = reply as unknown as { code(status: number): { send(body: unknown): void } };
      raw
        .code(badUrl ? 400 : 500)
        .send(badUrl ? { error: 'Malformed URL', code: 'BAD_URL' } : { error: 'Internal server error' });
    },
  });
  // Every route that exists, so the route-guard test can prove none escapes the auth rules.
  const registeredRoutes: RegisteredRoute[] = [];
  app.addHook('onRoute', (options) => {
    for (const method of [options.method].flat()) {
      registeredRoutes.push({ method, url: options.url, contract: options.config?.contract });
    }
  });
  installRequestHandling(app, { validateResponses: config.validateResponses });
  app.addHook('onClose', async () => {
    await services.documentStorage.close?.();
  });

  registerSecurityHeaders(app, { behindTlsProxy: Boolean(config.trustProxy) });
  decoratePublicOrigin(app, config.publicUrl);
  await app.register(compress, { threshold: 1024 });
  await app.register(rateLimit, { global: false, ...rateLimitStore(app, config) });
  // The embedded database runs on this process's event loop, so a lagging loop is the database's own
  // work: refusing requests would not relieve it, and its single connection already serves in order.
  if (database.kind === 'postgres' && config.loadShedEventLoopDelayMs > 0) {
    await registerLoadShedding(app, config.loadShedEventLoopDelayMs);
  }
  // Document uploads: one file of at most 10 MB (the JSON body limit above does not apply to it).
  await app.register(multipart, { limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 5, parts: 6 } });
  if (config.apiDocs) await registerOpenApi(app);

  const register = createRouteRegistrar(app, services.auth.authenticate);
  registerHealthRoutes(register, { database });
  registerAuthRoutes(register, {
    auth: services.auth,
    users: services.users,
    loginLimitPerMinute: config.loginRateLimitPerMinute,
  });
  registerMfaRoutes(register, { mfa: services.mfa, loginLimitPerMinute: config.loginRateLimitPerMinute });
  registerAccountsRoutes(register, {
    accounts: services.accounts,
    phone: services.phone,
    paymentNumbers: services.paymentNumbers,
    paymentLimits: config.payments.userLimits,
    users: services.users,
    simulatorSms: config.messages.sms.provider === 'simulator' ? services.simulatorSms : null,
    limitPerMinute: config.loginRateLimitPerMinute,
  });
  registerPublicFormsRoutes(register, {
    publicForms: services.publicForms,
    enquiries: services.enquiries,
    limitPerMinute: config.publicFormRateLimitPerMinute,
  });
  registerUsersRoutes(register, {
    users: services.users,
    userAdmin: services.userAdmin,
    passwordResets: services.passwordResets,
    resetLimitPerMinute: config.loginRateLimitPerMinute,
  });
  registerLoanTypeRoutes(register, { loanTypes: services.loanTypes });
  registerApplicationRoutes(register, {
    applications: services.applications,
    documents: services.documents,
    limits: {
      applicationsPerHour: config.applicationRateLimitPerHour,
      uploadsPerHour: config.documentUploadRateLimitPerHour,
    },
  });
  registerLoanRoutes(register, {
    loans: services.loans,
    users: services.users,
    applications: services.applications,
  });
  registerWalletRoutes(register, services.wallet);
  registerMoneyReportsRoutes(register, services.moneyReports);
  registerCapitalRoutes(register, services.capital);
  registerPaymentsRoutes(register, {
    handleCallback: services.handlePaymentCallback,
    payments: services.payments,
    simulatorControl: services.simulatorControl,
  });
  registerNotificationsRoutes(register, { notifications: services.notifications });
  registerLendingRoutes(register, { lending: services.lending, loans: services.loans });
  registerMarketplaceRoutes(register, services.marketplace);
  registerLendersRoutes(register, {
    lenders: services.lenders,
    lenderAdmin: services.lenderAdmin,
    autoInvest: services.autoInvest,
    serviceFeePercent: config.marketplace.feePercent,
  });
  registerAuditRoutes(register, services.audit);
  registerJobsRoutes(register, services.jobsAdmin);
  registerMessagesRoutes(register, {
    messages: services.messages,
    callbackKey: config.messages.callbackKey,
  });
  await registerWeb(app, config.webDistDir);

  app.addHook('onClose', async () => {
    await services.jobs.stop();
    await services.messages.close();
    await services.paymentProviders.close();
  });
  return { app, services, registeredRoutes };
}
