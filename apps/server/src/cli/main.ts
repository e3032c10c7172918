import { createServices } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { BackupError } from '../db/backup.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { runMigrations } from '../db/migrate.ts';
import { DomainError } from '../domain-error.ts';
import { runBackup, runRestore } from './backup.ts';
import { runCapitalAdd } from './capital-add.ts';
import { type CliContext, CliUsageError, setUsage } from './cli-options.ts';
import { runMomoSimulator } from './momo-simulator.ts';
import { runSeed } from './seed.ts';
import { runUserCreate } from './user-create.ts';

const USAGE_TEXT = `Usage: npm run cli -- <command> [options]

Commands:
  user:create --email E --password P --name N --role admin|borrower|lender [--phone 07XXXXXXXX]
  capital:add --amount N --reference R --key K
                          record owners' capital paid into the platform wallet (the mobile-money
                          float) so the platform can lend; the same --key never posts twice
  seed                    add the demo data to an empty database
  migrate                 apply pending migrations and exit (servers also do it on start)
  seed --scale N [--seed S] [--today YYYY-MM-DD] [--password P]
                          fill an empty database with about 1,000 × N realistic users, their
                          applications, loans, repayments and transactions (deterministic per seed)
  backup --out FILE       write a backup of the database (pg_dump custom format, or the embedded data directory)
  restore --from FILE     restore a backup into an empty database
  momo-simulator [--port 4010] [--host 127.0.0.1]
                          run the MoMo simulator on its own, for several replicas in simulator mode
                          (needs PAYMENT_CALLBACK_SECRET; replicas get MOMO_SIMULATOR_URL)
`;

interface Command {
  /** Commands that work on the open, migrated database; backup and restore manage files themselves. */
  readonly opensDatabase: boolean;
  run(args: string[], context: CliContext | null): Promise<string>;
}

setUsage(USAGE_TEXT);

const COMMANDS: Record<string, Command> = {
  'user:create': { opensDatabase: true, run: runUserCreate },
  'capital:add': { opensDatabase: true, run: runCapitalAdd },
  seed: { opensDatabase: true, run: runSeed },
  // Opening the database applies the migrations (under an advisory lock); nothing more to do.
  migrate: { opensDatabase: true, run: async () => 'Migrations applied' },
  backup: { opensDatabase: false, run: (args) => runBackup(args, loadConfig()) },
  restore: { opensDatabase: false, run: (args) => runRestore(args, loadConfig()) },
  'momo-simulator': {
    opensDatabase: false,
    run: (args) => runMomoSimulator(args, loadConfig(), (line) => process.stdout.write(`${line}\n`)),
  },
};

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    process.stderr.write(
      name && name !== '--help' ? `Unknown command: ${name}\n\n${USAGE_TEXT}` : USAGE_TEXT,
    );
    return name && name !== '--help' ? 2 : 0;
  }
  if (!command.opensDatabase) {
    process.stdout.write(`${await command.run(rest, null)}\n`);
    return 0;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await runMigrations(database);
    const output = await command.run(rest, {
      services: createServices({ config, database }),
      database,
      config,
    });
    process.stdout.write(`${output}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    if (error instanceof DomainError) {
      const details = error.details
        ? Object.entries(error.details).map(([field, messages]) => `\n  ${field}: ${messages.join(', ')}`)
        : [];
      process.stderr.write(`${error.message}${details.join('')}\n`);
    } else if (
      error instanceof ConfigError ||
      error instanceof DataDirLockedError ||
      error instanceof CliUsageError ||
      error instanceof BackupError
    ) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    }
    process.exit(1);
  });
