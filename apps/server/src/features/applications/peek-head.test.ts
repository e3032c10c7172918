import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { peekHead } from './peek-head.ts';

const chunked = (parts: string[]) => Readable.from(parts.map((part) => Buffer.from(part)));

describe('peekHead', () => {
  it('answers the first bytes and a stream that still has every byte', async () => {
    const { head, body } = await peekHead(chunked(['%P', 'DF-1.', '4 body ', 'and more']), 5);
    expect(head.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await text(body)).toBe('%PDF-1.4 body and more');
  });

  it('answers what there is when the stream is shorter than asked', async () => {
    const { head, body } = await peekHead(chunked(['abc']), 12);
    expect(head.toString()).toBe('abc');
    expect(await text(body)).toBe('abc');
  });

  it('keeps a large stream whole', async () => {
    const bytes = randomBytes(3 * 1024 * 1024);
    const parts = [bytes.subarray(0, 7), bytes.subarray(7, 65_536), bytes.subarray(65_536)];
    const { body } = await peekHead(Readable.from(parts), 12);
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });

  it('rejects when the stream fails before the head arrives', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(peekHead(failing, 12)).rejects.toThrow('connection reset');
  });
});
