/**
 * Comparing warp-specialized IR with Triton 3.6's modulo the order of consumer releases, which Triton's code
 * partition takes from pointer-keyed maps (two compiles of one kernel may differ). That order also decides the
 * order in which a partition first uses each token (after token lowering, each barrier ring), hence the order of the
 * `ttg.warp_specialize` captures and of the partitions' arguments. So: in each partition, arguments are replaced by
 * the values they capture, and the capture lists dropped; runs of consecutive `nvws.consumer_release` lines, and
 * of lowered releases (`memdesc_index` + `arrive_barrier` pairs, SSA names dropped), are sorted.
 */

/** Partition arguments replaced by their captures, capture lists and types dropped. */
function captureNames(text: string): string[] {
  const out: string[] = [];
  let captures: string[] | undefined;
  let names = new Map<string, string>();
  for (const line of text.split('\n')) {
    const ws = /^(\s*)ttg\.warp_specialize\(([^)]*)\)(.*)$/.exec(line);
    if (ws) {
      captures = ws[2]!.split(', ');
      out.push(`${ws[1]}ttg.warp_specialize(...)${ws[3]}`);
      continue;
    }
    const part = captures ? /^(\s*partition\d+)\((.*)\)( num_warps\(\d+\) \{)$/.exec(line) : null;
    if (part && captures) {
      const caps = captures;
      names = new Map([...part[2]!.matchAll(/(%arg\d+): /g)].map((m, k) => [m[1]!, caps[k] ?? m[1]!]));
      out.push(`${part[1]}(...)${part[3]}`);
      continue;
    }
    if (captures && /^\s*\} : \(.*\) -> \(.*\)$/.test(line)) {
      captures = undefined;
      names = new Map();
      out.push(line.replace(/: \(.*\) ->/, ': (...) ->'));
      continue;
    }
    out.push(names.size ? line.replace(/%arg\d+\b/g, (a) => names.get(a) ?? a) : line);
  }
  return out;
}

/** `text` with the release order (and the capture order it implies) normalized. */
export function modReleaseOrder(text: string): string {
  const lines = captureNames(text);
  const out: string[] = [];
  for (let k = 0; k < lines.length; ) {
    const run: string[] = [];
    while (k < lines.length && /nvws\.consumer_release /.test(lines[k]!)) run.push(lines[k++]!);
    while (k + 1 < lines.length && /= ttg\.memdesc_index /.test(lines[k]!) && /ttng\.arrive_barrier /.test(lines[k + 1]!)) {
      run.push(`${lines[k]!.replace(/^\s*%\S+ = /, '')} ${lines[k + 1]!.replace(/%\S+,/, '')}`);
      k += 2;
    }
    if (run.length) out.push(...run.sort());
    else out.push(lines[k++]!);
  }
  return out.join('\n');
}
