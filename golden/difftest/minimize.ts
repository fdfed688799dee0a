/**
 * Line-deletion minimization of a divergent input: chunks of lines (halves, quarters, ... single lines) are
 * deleted while `stillDiverges` holds, within a budget of checks (each costs an oracle round trip).
 */
export async function minimizeLines(text: string, stillDiverges: (t: string) => Promise<boolean>, budget = 120): Promise<{ text: string; checks: number }> {
  let lines = text.split('\n');
  let checks = 0;
  let chunk = Math.max(1, Math.floor(lines.length / 2));
  while (chunk >= 1 && checks < budget) {
    let i = 0;
    let removedAny = false;
    while (i < lines.length && checks < budget) {
      const cand = [...lines.slice(0, i), ...lines.slice(i + chunk)];
      checks++;
      if (cand.length && (await stillDiverges(cand.join('\n')))) {
        lines = cand;
        removedAny = true;
      } else i += chunk;
    }
    if (!removedAny || chunk > 1) chunk = Math.floor(chunk / 2);
  }
  return { text: lines.join('\n'), checks };
}
