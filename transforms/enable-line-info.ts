/**
 * `enable-line-info` (Triton's LLVMDIScope pass, lib/Target/LLVMIR/LLVMDIScope.cpp): the last pass of make_llir,
 * which gives the LLVM dialect the debug-info scopes that line tables need.
 *
 * - Each `llvm.func` whose location carries no `#llvm.di_subprogram` yet gets one, fused onto its location
 *   (`loc(fused<#di_subprogram>[<old loc>])`): file, line and name from the function's location and symbol
 *   (scope line = line), the subroutine type `DW_CC_normal`. A definition (a function with a body) also gets a
 *   fresh distinct id, flags `Definition|Optimized` and a compile unit (the one fused onto the module's location,
 *   else a new `#llvm.di_compile_unit` for "triton", DW_LANG_C, line tables only — full debug info when the
 *   environment sets LLVM_EXTRACT_DI_LOCAL_VARIABLES, as Triton reads it); a declaration gets flags `Optimized`
 *   and no compile unit.
 * - Each op whose location is a call site (code inlined from another function) gets every leaf of that call-site
 *   chain scoped: `fused<#llvm.di_lexical_block_file<scope = <the function's subprogram>, file = <the leaf's
 *   file>, discriminator = 0>>[leaf]`, so the line table can name the inlined file.
 */
import { StringAttr } from '../dialect/ir/attribute.js';
import type { Attribute } from '../dialect/ir/attribute.js';
import { DistinctAttr } from '../dialect/ir/distinct-attr.js';
import type { Operation } from '../dialect/ir/ir.js';
import { CallSiteLoc, FileLineColLoc, FusedLoc, Location, NameLoc, UnknownLoc } from '../dialect/ir/location.js';
import { DIAttr, diFile, diInt, diString, diText } from '../dialect/llvm/debug-info.js';
import { LLVMFuncOp } from '../dialect/llvm/ops.js';
import { registerPass } from './pass.js';

/** The file position a location stands for (MLIR's extractFileLoc in LLVMDIScope.cpp): `<unknown>`:0:0 if none. */
export function extractFileLoc(loc: Location): FileLineColLoc {
  if (loc instanceof FileLineColLoc) return loc;
  if (loc instanceof NameLoc) return extractFileLoc(loc.child);
  if (loc instanceof FusedLoc && loc.locations.length) return extractFileLoc(loc.locations[0]!);
  // The innermost callee: the code that was inlined.
  if (loc instanceof CallSiteLoc) return extractFileLoc(loc.callee);
  return FileLineColLoc.get('<unknown>', 0, 0);
}

/** llvm::sys::path::filename and parent_path (POSIX), which split the DIFile's name from its directory. */
export function splitPath(path: string): { name: string; directory: string } {
  if (path === '') return { name: '', directory: '' };
  if (/^\/+$/.test(path)) return { name: '/', directory: '' };
  if (path.endsWith('/')) return { name: '.', directory: path.replace(/\/+$/, '') };
  const slash = path.lastIndexOf('/');
  if (slash < 0) return { name: path, directory: '' };
  const dir = path.slice(0, slash).replace(/\/+$/, '');
  return { name: path.slice(slash + 1), directory: dir === '' ? '/' : dir };
}

function fileAttrOf(loc: FileLineColLoc): DIAttr {
  const { name, directory } = splitPath(loc.file);
  return diFile(name, directory);
}

/** Whether `loc` or a location nested in it is fused with metadata of kind `mnemonic` (MLIR's findInstanceOf). */
function findFusedWith(loc: Location, mnemonic: string): FusedLoc | undefined {
  if (loc instanceof FusedLoc) {
    if (loc.metadata instanceof DIAttr && loc.metadata.mnemonic === mnemonic) return loc;
    for (const l of loc.locations) {
      const hit = findFusedWith(l, mnemonic);
      if (hit) return hit;
    }
  } else if (loc instanceof NameLoc) return findFusedWith(loc.child, mnemonic);
  else if (loc instanceof CallSiteLoc) return findFusedWith(loc.callee, mnemonic) ?? findFusedWith(loc.caller, mnemonic);
  return undefined;
}

/**
 * MLIR's FusedLoc::get: nested fused locations with the same metadata are flattened, unknown locations dropped
 * and duplicates removed; the metadata is kept even when nothing (or one location) is left.
 */
export function fuseLocations(locs: readonly Location[], metadata: Attribute): Location {
  const out: Location[] = [];
  const add = (l: Location): void => {
    if (!out.includes(l)) out.push(l);
  };
  for (const l of locs) {
    if (l instanceof FusedLoc && l.metadata === metadata) l.locations.forEach(add);
    else if (!(l instanceof UnknownLoc)) add(l);
  }
  return FusedLoc.get(out.length ? out : [UnknownLoc.get()], metadata);
}

function setSubprogram(func: Operation, module: Operation): void {
  const loc = func.loc;
  if (findFusedWith(loc, 'di_subprogram')) return;
  let compileUnit: Attribute | undefined = findFusedWith(module.loc, 'di_compile_unit')?.metadata;
  const fileLoc = extractFileLoc(loc);
  const file = fileAttrOf(fileLoc);
  const line = fileLoc.line;
  const subroutineType = DIAttr.get('di_subroutine_type', [['callingConvention', diText('DW_CC_normal')]]);
  const isDefinition = func.regions[0]?.blocks.length !== 0;
  let id: DistinctAttr | undefined;
  if (isDefinition) {
    id = DistinctAttr.create();
    compileUnit ??= DIAttr.get('di_compile_unit', [
      ['id', id],
      ['sourceLanguage', diText('DW_LANG_C')],
      ['file', file],
      ['producer', diString('triton')],
      ['isOptimized', diText('true')],
      ['emissionKind', diText(isTrue(process.env['LLVM_EXTRACT_DI_LOCAL_VARIABLES']) ? 'Full' : 'LineTablesOnly')],
    ]);
  } else compileUnit = undefined;
  const symName = func.getAttr('sym_name');
  const name = symName instanceof StringAttr ? diString(symName.value) : undefined;
  // Optional parameters equal to their default (a zero line) are not printed, as MLIR's struct format omits them.
  const subprogram = DIAttr.get('di_subprogram', [
    ['id', id],
    ['compileUnit', compileUnit],
    ['scope', file],
    ['name', name],
    ['linkageName', name],
    ['file', file],
    ['line', line ? diInt(line) : undefined],
    ['scopeLine', line ? diInt(line) : undefined],
    ['subprogramFlags', diText(isDefinition ? '"Definition|Optimized"' : 'Optimized')],
    ['type', subroutineType],
  ]);
  func.loc = fuseLocations([loc], subprogram);
}

/** Triton's getBoolEnv: "on", "true" or "1", in any case. */
function isTrue(v: string | undefined): boolean {
  return ['on', 'true', '1'].includes((v ?? '').toLowerCase());
}

function scopeInlined(op: Operation, func: Operation | undefined): void {
  if (!(op.loc instanceof CallSiteLoc) || !func) return;
  const scope = func.loc instanceof FusedLoc ? func.loc.metadata : undefined;
  if (!(scope instanceof DIAttr) || scope.mnemonic !== 'di_subprogram') return;
  const scoped = (loc: Location): Location => {
    if (loc instanceof CallSiteLoc) return CallSiteLoc.get(scoped(loc.callee), scoped(loc.caller));
    const block = DIAttr.get('di_lexical_block_file', [
      ['scope', scope],
      ['file', fileAttrOf(extractFileLoc(loc))],
      ['discriminator', diInt(0)],
    ]);
    return fuseLocations([loc], block);
  };
  op.loc = scoped(op.loc);
}

/** Runs the pass on a module: functions first (pre-order), so an op's enclosing function already has its scope. */
export function enableLineInfo(module: Operation): void {
  module.walk((op) => {
    if (LLVMFuncOp.is(op)) {
      setSubprogram(op, module);
      return;
    }
    if (op === module) return;
    scopeInlined(
      op,
      op.getParentWhere((p) => LLVMFuncOp.is(p)),
    );
  });
}

registerPass({
  name: 'enable-line-info',
  className: 'LLVMDIScope',
  description: 'Materialize LLVM line info',
  run(module) {
    enableLineInfo(module);
  },
});
