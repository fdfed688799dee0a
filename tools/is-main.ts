// Whether a module is the program node was started with. npm and npx start a package's bins through symlinks
// (node_modules/.bin/<bin> -> ../<pkg>/dist/bin/<bin>.js): node resolves the link for `import.meta.url`, while
// `process.argv[1]` keeps the link's path, so both sides are compared after resolving links. `node dist/bin/x`
// (no extension) runs x.js with argv[1] ending in `x`: the extensions node tries are tried too.
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

function realPath(p: string): string {
  for (const candidate of [p, `${p}.js`, `${p}.mjs`, `${p}.cjs`]) {
    try {
      return realpathSync(candidate);
    } catch {
      // not there; try the next name node would
    }
  }
  return resolve(p);
}

/** True when the module at `moduleUrl` (its `import.meta.url`) is the script node was asked to run. */
export function isMainModule(moduleUrl: string, argv1: string | undefined = process.argv[1]): boolean {
  if (argv1 === undefined) return false;
  return realPath(fileURLToPath(moduleUrl)) === realPath(argv1);
}
