import { parseArgs } from 'node:util';
import type { Services } from '../app.ts';

export interface CliContext {
  readonly services: Services;
}

export class CliUsageError extends Error {}

export function requireServices(context: CliContext | null): Services {
  if (!context) throw new Error('this command needs the database');
  return context.services;
}

let usage = '';
export function setUsage(text: string): void {
  usage = text;
}

export function parseOptions<T extends Record<string, { type: 'string' | 'boolean' }>>(
  args: string[],
  options: T,
) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new CliUsageError(`${(error as Error).message}\n\n${usage}`);
  }
}
