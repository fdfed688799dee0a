# Triton 3.6 aborts in GluonOpBuilder.get_shared_bank_conflicts (gluon's bank_conflicts) when the tensor holds
# fewer bits than one bank row (32 banks x 32 bits) and the register layout vectorizes: bankConflictsMemDesc then
# reshapes shared memory into a zero-sized `segment` dimension and LinearLayout::reshapeIns asserts.
# Found by `npm run difftest -- --kind conversions`; the oracle only asks for tensors of >= 1024 bits.
# Run: python3 repro.py   (expected: a number; Triton 3.6: "Assertion ... isPowerOf2_32(inDim.second)" + abort)
from triton._C.libtriton import ir, gluon_ir
import triton._C.libtriton as lt
import triton.experimental.gluon.language as ttgl

ctx = ir.context()
ir.load_dialects(ctx)
lt.nvidia.load_dialects(ctx)
b = gluon_ir.GluonOpBuilder(ctx)
reg = ttgl.BlockedLayout([4], [32], [1], [0])._to_ir(b)
shared = ttgl.SwizzledSharedLayout(1, 1, 1, [0])._to_ir(b)
print(b.get_shared_bank_conflicts(reg, shared, [8], 16))
