export * from './applications.ts';
export * from './audit.ts';
export * from './auth.ts';
export * from './jobs.ts';
export * from './loan-types.ts';
export * from './loans.ts';
export * from './mfa.ts';
export * from './users.ts';
