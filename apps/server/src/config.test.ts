import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const base = {
  NODE_ENV: 'test',
  DATABASE_URL: 'postgres://db/sente',
  JWT_SECRET: 'a-secret-that-is-long-enough-for-hs256-signing',
  DATA_DIR: '/tmp/sente-config-test',
};
const s3 = {
  S3_ENDPOINT: 'https://objects.example.ug',
  S3_BUCKET: 'sente-documents',
  S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG',
};

describe('loadConfig: document storage', () => {
  it('keeps documents in the data directory when no S3_* is set', () => {
    expect(loadConfig(base).s3).toBeNull();
  });

  it('selects S3 storage when endpoint, bucket and keys are set, path-style by default', () => {
    expect(loadConfig({ ...base, ...s3 }).s3).toEqual({
      endpoint: 'https://objects.example.ug',
      bucket: 'sente-documents',
      region: 'us-east-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG',
      forcePathStyle: true,
    });
    expect(
      loadConfig({ ...base, ...s3, S3_REGION: 'af-south-1', S3_FORCE_PATH_STYLE: 'false' }).s3,
    ).toMatchObject({ region: 'af-south-1', forcePathStyle: false });
  });

  it('refuses half an S3 setup instead of quietly using the local disk', () => {
    const { S3_SECRET_ACCESS_KEY: _, S3_BUCKET: __, ...partial } = s3;
    expect(() => loadConfig({ ...base, ...partial })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...partial })).toThrow(
      'S3_BUCKET, S3_SECRET_ACCESS_KEY: required with S3_ENDPOINT, S3_ACCESS_KEY_ID',
    );
  });

  it('refuses a bucket name S3 would not accept', () => {
    expect(() => loadConfig({ ...base, ...s3, S3_BUCKET: 'Sente_Docs' })).toThrow('S3_BUCKET');
  });
});

describe('loadConfig: background jobs', () => {
  it('refuses a database pool of one connection, which start-up would wait on forever', () => {
    expect(() => loadConfig({ ...base, DATABASE_POOL_SIZE: '1' })).toThrow('DATABASE_POOL_SIZE');
    expect(loadConfig({ ...base, DATABASE_POOL_SIZE: '2' }).database).toMatchObject({ poolSize: 2 });
  });

  it('polls the job queue every 2 seconds unless JOB_POLL_MS says otherwise, never under 500 ms', () => {
    expect(loadConfig(base).jobPollMs).toBe(2_000);
    expect(loadConfig({ ...base, JOB_POLL_MS: '500' }).jobPollMs).toBe(500);
    expect(() => loadConfig({ ...base, JOB_POLL_MS: '250' })).toThrow('JOB_POLL_MS');
  });

  it("turns this process's background jobs off with JOB_POLL_MS=0", () => {
    expect(loadConfig({ ...base, JOB_POLL_MS: '0' }).jobPollMs).toBe(0);
  });

  it('turns the payment poller off with PAYMENT_POLL_INTERVAL_MS=0, every 5 seconds by default', () => {
    expect(loadConfig(base).payments.pollIntervalMs).toBe(5_000);
    expect(loadConfig({ ...base, PAYMENT_POLL_INTERVAL_MS: '0' }).payments.pollIntervalMs).toBe(0);
  });
});

describe('loadConfig: load shedding', () => {
  it('sheds past a second of event-loop lag unless LOAD_SHED_EVENT_LOOP_DELAY_MS says otherwise; 0 is off', () => {
    expect(loadConfig(base).loadShedEventLoopDelayMs).toBe(1_000);
    expect(loadConfig({ ...base, LOAD_SHED_EVENT_LOOP_DELAY_MS: '250' }).loadShedEventLoopDelayMs).toBe(250);
    expect(loadConfig({ ...base, LOAD_SHED_EVENT_LOOP_DELAY_MS: '0' }).loadShedEventLoopDelayMs).toBe(0);
    expect(() => loadConfig({ ...base, LOAD_SHED_EVENT_LOOP_DELAY_MS: '-1' })).toThrow(
      'LOAD_SHED_EVENT_LOOP_DELAY_MS',
    );
  });
});

describe('loadConfig: TRUST_PROXY', () => {
  it('takes true/false, or the addresses of the proxies to trust', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe(
      '10.0.0.0/8,127.0.0.1',
    );
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'yes please' })).toThrow('TRUST_PROXY');
  });
});

describe('loadConfig: secure defaults for production', () => {
  // Production also needs a payment provider named; the simulator is enough for this check.
  const production = { ...base, NODE_ENV: 'production', PAYMENT_PROVIDER: 'simulator' };

  it('requires two-factor sign-in for admins and hides the API docs unless told otherwise', () => {
    expect(loadConfig(production)).toMatchObject({ adminMfa: 'required', apiDocs: false });
    expect(loadConfig({ ...production, ADMIN_MFA: 'optional', API_DOCS: 'true' })).toMatchObject({
      adminMfa: 'optional',
      apiDocs: true,
    });
  });

  it('keeps both open for development and tests', () => {
    expect(loadConfig(base)).toMatchObject({ adminMfa: 'optional', apiDocs: true });
  });
});
