// `npm run bench -- --vs-triton` without a usable Triton: one clear line and exit status 3, no stack trace.

import { describe, expect, it, vi } from 'vitest';
import { runVsTriton } from '../bench/vs-triton.js';

describe('bench --vs-triton', () => {
  it('says when triton is not importable', async () => {
    const saved = process.env['TTG_TRITON_PYTHON'];
    process.env['TTG_TRITON_PYTHON'] = '/nonexistent/python3';
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const rc = await runVsTriton({ repeat: 1, cases: 'add-BLOCK256-sm80-w4' });
      expect(rc).toBe(3);
      const text = err.mock.calls.map((c) => String(c[0])).join('');
      expect(text).toContain("triton is not importable with '/nonexistent/python3'");
      expect(text).toContain('TTG_TRITON_PYTHON');
      expect(text).not.toContain('    at ');
    } finally {
      err.mockRestore();
      if (saved === undefined) delete process.env['TTG_TRITON_PYTHON'];
      else process.env['TTG_TRITON_PYTHON'] = saved;
    }
  }, 30000);
});
