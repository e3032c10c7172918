import { Readable } from 'node:stream';

/**
 * Reads at least the first `bytes` bytes of a stream (fewer if it is shorter) without losing them:
 * answers them and a stream that still gives every byte from the start.
 */
export function peekHead(stream: Readable, bytes: number): Promise<{ head: Buffer; body: Readable }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const finish = (ended: boolean) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      const head = Buffer.concat(chunks);
      if (ended) {
        resolve({ head, body: Readable.from([head]) });
        return;
      }
      stream.pause();
      stream.unshift(head);
      // Whoever sends the stream on listens for errors from then on; until then one must not crash.
      stream.on('error', () => {});
      resolve({ head, body: stream });
    };
    const onData = (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      chunks.push(buffer);
      length += buffer.length;
      if (length >= bytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onError = (error: Error) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      reject(error);
    };
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
  });
}
