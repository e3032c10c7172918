import path from 'node:path';
import type { Config } from '../config.ts';
import { backupDatabase, restoreDatabase } from '../db/backup.ts';
import { CliUsageError, parseOptions } from './cli-options.ts';

export async function runBackup(args: string[], config: Config): Promise<string> {
  const { out } = parseOptions(args, { out: { type: 'string' } });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const suffix = config.database.kind === 'postgres' ? 'pgdump' : 'tar.gz';
  const file = path.resolve(out ?? `sente-backup-${stamp}.${suffix}`);
  await backupDatabase(config, file);
  return `Backup written to ${file}`;
}

export async function runRestore(args: string[], config: Config): Promise<string> {
  const { from } = parseOptions(args, { from: { type: 'string' } });
  if (!from) throw new CliUsageError('restore needs --from FILE');
  await restoreDatabase(config, path.resolve(from));
  return `Restored ${from}`;
}
