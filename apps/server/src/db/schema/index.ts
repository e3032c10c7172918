export * from './audit.ts';
export * from './auth.ts';
export * from './idempotency.ts';
export * from './jobs.ts';
export * from './ledger.ts';
export * from './notifications.ts';
export * from './payments.ts';
export * from './users.ts';
