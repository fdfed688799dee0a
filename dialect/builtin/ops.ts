/** The builtin dialect: `builtin.module` (printed `module`), a symbol table with one body block. */
import { defineOp, defineCustomDirective } from '../ir/op-definition.js';
import { symbolNameAttr } from '../common/attr-kinds.js';
import type { Region } from '../ir/ir.js';
import { compareBytes } from '../ir/string-escape.js';

export const ModuleOp = defineOp({
  name: 'builtin.module',
  summary: 'A top-level container operation',
  attributes: [{ name: 'sym_name', kind: symbolNameAttr, optional: true }],
  regions: ['bodyRegion'],
  traits: ['IsolatedFromAbove', 'NoRegionArguments', 'NoTerminator', 'SingleBlock', 'SymbolTable', 'HasOnlyGraphRegion'],
  format: '($sym_name^)? attr-dict-with-keyword custom<ModuleBody>($bodyRegion)',
  defaultDialect: 'builtin',
  // As MLIR's ModuleOp verifier: every attribute but the symbol ones is named `dialect.name`.
  verify: (op) => {
    // SizedRegion<1> (an ODS region constraint, checked before the op's verifier).
    if (op.regions[0]?.blocks.length !== 1) return "region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks";
    const names = [...op.attributes.keys()].filter((n) => n !== 'sym_name' && n !== 'sym_visibility').sort(compareBytes);
    const bad = names.find((n) => !n.includes('.'));
    return bad === undefined ? undefined : `can only contain attributes with dialect-prefixed names, found: '${bad}'`;
  },
});

/** A module body always has its one block, even when empty. */
defineCustomDirective('ModuleBody', {
  parse(p, op) {
    const region = p.parseRegion() as Region;
    if (region.blocks.length === 0) region.addBlock();
    op.regions.set('bodyRegion', [region]);
  },
  print(p, op) {
    p.printRegion(op.region(0), { printEntryBlockArgs: false });
  },
});
