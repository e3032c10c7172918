import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { exportFileName, sendCsvExport } from './csv-export.ts';

interface Row {
  readonly id: number;
  readonly text: string;
}

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

/** A server whose export has `total` rows of about 1 KB, read `pageSize` at a time, counting the reads. */
async function serve(total: number, pageSize: number) {
  const reads: number[] = [];
  app = Fastify();
  app.get('/export', async (_request, reply) => {
    await sendCsvExport<Row>(reply, {
      fileName: 'rows-all.csv',
      columns: [
        { header: 'ID', value: (row) => row.id },
        { header: 'Text', value: (row) => row.text },
      ],
      pageSize,
      readPage: async (after, limit) => {
        const start = after ? after.id + 1 : 0;
        reads.push(start);
        const end = Math.min(total, start + limit);
        return Array.from({ length: Math.max(0, end - start) }, (_, i) => ({
          id: start + i,
          text: `=row ${start + i} ${'x'.repeat(1000)}`,
        }));
      },
    });
    return reply;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { port, reads };
}

describe('sendCsvExport', () => {
  it('reads the next page only when the client has taken the previous ones', async () => {
    const { port, reads } = await serve(20_000, 100);
    const body = await new Promise<string>((resolve, reject) => {
      const req = request({ port, path: '/export' }, (res) => {
        res.setEncoding('utf8');
        let text = '';
        let isPaused = false;
        res.on('data', (chunk: string) => {
          text += chunk;
          if (isPaused) return;
          isPaused = true;
          res.pause();
          // A client that stopped reading: the socket buffers fill, then no page is read at all.
          setTimeout(() => {
            const readsWhilePaused = reads.length;
            setTimeout(() => {
              expect(reads.length).toBe(readsWhilePaused);
              // 20 MB in all: far less than that is read while the client waits.
              expect(readsWhilePaused).toBeLessThan(60);
              res.resume();
            }, 200);
          }, 300);
        });
        res.on('end', () => resolve(text));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
    const lines = body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFID,Text');
    expect(lines).toHaveLength(20_002);
    expect(lines[1]?.startsWith("0,'=row 0 ")).toBe(true);
    expect(lines[20_000]?.startsWith("19999,'=row 19999 ")).toBe(true);
    expect(reads).toHaveLength(201);
  });

  it('ends after a short page without asking for another, and writes the header for no rows', async () => {
    const { port, reads } = await serve(0, 100);
    const res = await fetch(`http://127.0.0.1:${port}/export`);
    // fetch's text() drops a byte-order mark, so read the bytes.
    expect(Buffer.from(await res.arrayBuffer()).toString('utf8')).toBe('\uFEFFID,Text\r\n');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="rows-all.csv"');
    expect(reads).toEqual([0]);
  });
});

describe('exportFileName', () => {
  it('names the range the file holds', () => {
    expect(exportFileName('audit-log', { from: '2026-11-01', to: '2026-11-30' })).toBe(
      'audit-log-2026-11-01-2026-11-30.csv',
    );
    expect(exportFileName('audit-log', { from: '2026-11-01' })).toBe('audit-log-from-2026-11-01.csv');
    expect(exportFileName('audit-log', { to: '2026-11-30' })).toBe('audit-log-until-2026-11-30.csv');
    expect(exportFileName('audit-log', {})).toBe('audit-log-all.csv');
  });
});
