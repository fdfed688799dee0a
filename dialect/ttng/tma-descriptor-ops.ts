/**
 * The ttng ops that build TMA descriptors on the device (what `triton-nvidia-tma-lowering` turns
 * `tt.make_tensor_descriptor` into): `ttng.tensormap_create` (writes a descriptor to global scratch),
 * `ttng.tensormap_fenceproxy_acquire` and `ttng.reinterpret_tensor_descriptor` (a pointer seen as a typed
 * `!tt.tensordesc`). Formats and effects follow Triton 3.6's TritonNvidiaGPUOps.td. Each op is defined only
 * if no other module defined it first.
 */
import { defineOp, getOpDefinition, type OpDefinitionInit } from '../ir/op-definition.js';
import { IntegerType } from '../ir/type.js';
import { i32Attr } from '../common/attr-kinds.js';
import { registerMemoryEffects } from '../ir/traits.js';
import { constraint } from '../common/type-constraints.js';
import { PointerType, TensorDescType } from '../tt/types.js';

const ptr = constraint('pointer', (t) => t instanceof PointerType);
const i32 = constraint('32-bit signless integer', (t) => t instanceof IntegerType && t.width === 32);
const i64 = constraint('64-bit signless integer', (t) => t instanceof IntegerType && t.width === 64);
const tensorDesc = constraint('tensor descriptor', (t) => t instanceof TensorDescType);

function defineOnce(init: OpDefinitionInit): void {
  if (!getOpDefinition(init.name)) defineOp(init);
}

defineOnce({
  name: 'ttng.reinterpret_tensor_descriptor',
  operands: [{ name: 'rawDesc', kind: 'single', type: ptr }],
  results: [{ name: 'result', kind: 'single', type: tensorDesc }],
  traits: ['Pure'],
  format: '$rawDesc attr-dict `:` qualified(type($rawDesc)) `to` qualified(type($result))',
});

defineOnce({
  name: 'ttng.tensormap_create',
  operands: [
    { name: 'desc_ptr', kind: 'single', type: ptr },
    { name: 'global_address', kind: 'single', type: ptr },
    { name: 'box_dim', kind: 'variadic', type: i32 },
    { name: 'global_dim', kind: 'variadic', type: i32 },
    { name: 'global_stride', kind: 'variadic', type: i64 },
    { name: 'element_stride', kind: 'variadic', type: i32 },
  ],
  attributes: [
    { name: 'elem_type', kind: i32Attr },
    { name: 'interleave_layout', kind: i32Attr },
    { name: 'swizzle_mode', kind: i32Attr },
    { name: 'fill_mode', kind: i32Attr },
  ],
  traits: ['AttrSizedOperandSegments', 'MemRead', 'MemWrite'],
  format:
    '$desc_ptr `,` $global_address `,` `[` $box_dim `]` `,` `[` $global_dim `]` `,` `[` $global_stride `]` `,` `[` $element_stride `]` attr-dict `:` functional-type(operands, results)',
});

defineOnce({
  name: 'ttng.tensormap_fenceproxy_acquire',
  operands: [{ name: 'desc_ptr', kind: 'single', type: ptr }],
  traits: ['MemWrite'],
  format: '$desc_ptr attr-dict `:` qualified(type($desc_ptr))',
});

registerMemoryEffects('ttng.tensormap_create', () => [
  { kind: 'read', resource: 'global' },
  { kind: 'write', resource: 'global' },
]);
registerMemoryEffects('ttng.tensormap_fenceproxy_acquire', () => [{ kind: 'write', resource: 'global' }]);
