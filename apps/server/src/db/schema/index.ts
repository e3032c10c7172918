export * from './audit.ts';
export * from './auth.ts';
export * from './users.ts';
