/** A one-line progress bar on stderr (only on a terminal; otherwise a line per phase). */
export interface Progress {
  phase(label: string): void;
  update(done: number, total: number): void;
  /** One finished step of a phase and its time: which index build or check holds the phase up (shown from a second on). */
  step(label: string, seconds: number): void;
  done(): void;
}

export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  const started = Date.now();
  let label = '';
  let lastDraw = 0;
  const tty = stream.isTTY === true;
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  return {
    phase(next) {
      if (tty && label) stream.write('\n');
      label = next;
      if (!tty) stream.write(`${elapsed().padStart(8)}  ${next}\n`);
      else this.update(0, 0);
    },
    update(done, total) {
      if (!tty) return;
      const now = Date.now();
      if (now - lastDraw < 100 && done < total) return;
      lastDraw = now;
      const width = 30;
      const share = total > 0 ? Math.min(1, done / total) : 0;
      const filled = Math.round(share * width);
      const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
      const count = total > 0 ? ` ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')}` : '';
      stream.write(
        `\r${label.padEnd(28)} ${bar} ${String(Math.round(share * 100)).padStart(3)}%${count}  ${elapsed()}\x1b[K`,
      );
    },
    step(what, seconds) {
      if (seconds < 1) return;
      const line = `${seconds.toFixed(1).padStart(8)} s  ${what}`;
      // Above the bar, which the next update draws again.
      stream.write(tty ? `\r${line}\x1b[K\n` : `${line}\n`);
      lastDraw = 0;
    },
    done() {
      if (tty) stream.write('\n');
    },
  };
}

export const silentProgress: Progress = { phase() {}, update() {}, step() {}, done() {} };
