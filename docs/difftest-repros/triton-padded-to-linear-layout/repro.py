# Triton 3.6's toLinearLayout(shape, attr) has no case for #ttg.padded_shared: gluon's bank_conflicts
# (GluonOpBuilder.get_shared_bank_conflicts) with a padded shared layout aborts with
#   LinearLayoutConversions.cpp: Assertion `0 && "unknown layout"' failed.
# (the padded encoding's linear component is what the C++ uses elsewhere). Found by `npm run difftest -- --kind
# conversions`; the oracle does not ask for bank conflicts of padded encodings.
# Run: python3 repro.py   (expected: a number; Triton 3.6: the assertion + abort)
from triton._C.libtriton import ir, gluon_ir
import triton._C.libtriton as lt
import triton.experimental.gluon.language as ttgl

ctx = ir.context()
ir.load_dialects(ctx)
lt.nvidia.load_dialects(ctx)
b = gluon_ir.GluonOpBuilder(ctx)
reg = ttgl.BlockedLayout([1, 8], [4, 8], [4, 1], [1, 0])._to_ir(b)
padded = ttgl.PaddedSharedLayout.with_identity_for([[32, 8]], [64, 64], [1, 0])._to_ir(b)
print(b.get_shared_bank_conflicts(reg, padded, [64, 64], 16))
