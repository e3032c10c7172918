import { parseArgs } from 'node:util';
import type { Services } from '../app.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';

export interface CliContext {
  readonly services: Services;
  /** The open database itself, for the bulk seed (which writes rows directly). */
  readonly database: Database;
  readonly config: Config;
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
