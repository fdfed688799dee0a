/** `#ttg.shared_memory` (alias `#smem`): the memory space of shared-memory descriptors. */
import type { AsmPrinter } from '../../ir/asm-interfaces.js';
import { Attribute } from '../../ir/attribute.js';
import { registerAttrParser } from '../../ir/dialect-registry.js';
import { intern } from '../../ir/type.js';

export class SharedMemorySpaceAttr extends Attribute {
  static get(): SharedMemorySpaceAttr {
    return intern(new SharedMemorySpaceAttr());
  }
  print(p: AsmPrinter): void {
    p.write('#ttg.shared_memory');
  }
}

registerAttrParser('ttg.shared_memory', () => SharedMemorySpaceAttr.get());
