import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { alertAdminsOfDeadJob, backgroundJobs } from './jobs/jobs.ts';
import { prepareDatabase } from './startup.ts';
import { logUnhandledRejections } from './unhandled-rejections.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  const { app, services } = await buildApp({ config, database });
  logUnhandledRejections(app.log);
  const report = await prepareDatabase(config, database, services);
  // Queues and schedules always; workers only where JOB_POLL_MS is not 0 (jobs/job-queue.ts).
  await services.jobs.start(
    backgroundJobs(services, database, app.log),
    app.log,
    alertAdminsOfDeadJob(services),
  );

  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, 'draining requests');
    // app.close() stops accepting, lets in-flight requests finish, then the database closes.
    const timer = setTimeout(() => {
      app.log.error('drain took longer than 15 s; exiting');
      process.exit(1);
    }, 15_000);
    timer.unref();
    try {
      // Stops the job queue's workers too (app.ts), letting a running job finish.
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const lines = [
    '',
    `  Sente is running at ${config.publicUrl}`,
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.database.kind === 'pglite' ? config.database.dataDir : ''}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  if (report.generatedAdmin) {
    lines.push(
      `  Admin sign-in at ${config.publicUrl}/login`,
      `    email:    ${report.generatedAdmin.email}`,
      `    password: ${report.generatedAdmin.password}`,
      '  (shown once: keep it, or create another admin with `npm run cli -- user:create`)',
    );
  }
  lines.push(
    config.adminMfa === 'required'
      ? '  Two-factor sign-in is required for admins (ADMIN_MFA=required).'
      : '  Two-factor sign-in is optional for admins here (ADMIN_MFA=optional; production requires it by default).',
  );
  if (config.jobPollMs === 0) lines.push('  Background jobs are off in this process (JOB_POLL_MS=0).');
  if (report.seeded)
    lines.push('  Demo data was added to the empty database (SEED_DEMO=false turns this off).');
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Sente failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
