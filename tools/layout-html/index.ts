/**
 * `ttg-layout --html`: builds the page model for an encoding, a conversion or a .mlir file and renders the page.
 */
import { readFileSync } from 'node:fs';
import type { Attribute } from '../../dialect/ir/attribute.js';
import type { Operation } from '../../dialect/ir/ir.js';
import type { RankedTensorType } from '../../dialect/ir/type.js';
import { explainConvert } from '../../lowering/explain.js';
import { Parser } from '../../parser/parser.js';
import { explainModule, targetCapability } from '../explain-file.js';
import { textEncodings } from '../file-encodings.js';
import { layoutView, movementView, type LayoutView, type MovementView } from './model.js';
import { renderPage } from './page.js';

export { renderPage } from './page.js';
export type { LayoutView, MovementView, PageModel } from './model.js';

/** The page of one encoding on one shape. */
export function encodingPage(encoding: Attribute, title: string, shape: readonly number[]): string {
  return renderPage({ title: `${title} [${shape.join('x')}]`, views: [layoutView('v0', title, encoding, shape)], movements: [] });
}

/** The page of a conversion: both layouts and the explanation, opened. */
export function convertPage(src: RankedTensorType, dst: RankedTensorType, cc: number, titles: [string, string]): string {
  const views = [layoutView('src', titles[0], src.encoding!, src.shape), layoutView('dst', titles[1], dst.encoding!, dst.shape)];
  const e = explainConvert(src, dst, cc);
  const m = movementView({ line: undefined, text: `convert_layout ${titles[0]} -> ${titles[1]}`, e, types: {} }, () => '');
  const movement: MovementView = { ...m, src: 'src', dst: 'dst' };
  return renderPage({ title: `convert_layout [${src.shape.join('x')}]`, views, movements: [movement] }, 0);
}

/** The page of a .mlir file: every distinct encoding with each shape, every data movement with its line. */
export function filePage(path: string, ccOverride?: number): string {
  const src = readFileSync(path, 'utf8');
  const { encodings } = textEncodings(src);
  const views: LayoutView[] = [];
  const ids = new Map<string, string>();
  const titleOf = new Map<string, string>();
  for (const fe of encodings) titleOf.set(fe.encoding.key, fe.alias ?? fe.display);
  const viewOf = (enc: Attribute, shape: readonly number[]): string => {
    const key = `${enc.key}\u0000${shape.join('x')}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = `v${views.length}`;
      ids.set(key, id);
      views.push(layoutView(id, titleOf.get(enc.key) ?? enc.key, enc, shape));
    }
    return id;
  };
  for (const fe of encodings) for (const shape of fe.shapes) viewOf(fe.encoding, shape);
  let movements: MovementView[] = [];
  let module: Operation | undefined;
  try {
    module = new Parser(src, { filename: path }).parseModule();
  } catch {
    module = undefined; // The layouts still show; the movements need a parsed module.
  }
  if (module) {
    const cc = ccOverride ?? targetCapability(module) ?? 80;
    movements = explainModule(module, src, cc).map((m) => movementView(m, viewOf));
  }
  return renderPage({ title: path.split('/').pop() ?? path, views, movements });
}
