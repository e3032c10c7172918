export * from './applications.ts';
export * from './auth.ts';
export * from './loan-types.ts';
export * from './loans.ts';
export * from './users.ts';
