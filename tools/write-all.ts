/** Writing a command's output to a file descriptor completely (pipes may accept less per call). */
import { writeSync } from 'node:fs';

/** Writes all of `text` to `fd`, retrying on EAGAIN; a closed pipe (EPIPE, e.g. `| head`) ends it quietly. */
export function writeAll(fd: number, text: string): void {
  const buf = Buffer.from(text, 'utf8');
  let off = 0;
  while (off < buf.length) {
    try {
      off += writeSync(fd, buf, off, buf.length - off);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') continue;
      if (code === 'EPIPE') return;
      throw e;
    }
  }
}
