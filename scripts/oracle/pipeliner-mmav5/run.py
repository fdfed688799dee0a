# usage: run.py FILE OUTDIR 'pass{opt=v ...}'... : Triton 3.6's passes (the wheel, on the CPU) one by one;
# writes OUTDIR/NN-pass.mlir after each (printed with locations).
import sys, os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from triton._C.libtriton import ir
from triton_passes import pass_adder
src, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
ctx = ir.context(); ir.load_dialects(ctx)
import triton._C.libtriton as lt
lt.nvidia.load_dialects(ctx) if hasattr(lt.nvidia,'load_dialects') else None
mod = ir.parse_mlir_module(src, ctx); mod.context = ctx
for i, spec in enumerate(sys.argv[3:]):
    name, _, opts = spec.partition('{')
    o = dict(kv.split('=') for kv in opts.rstrip('}').split()) if opts else {}
    if name in ('tritongpu-assign-latencies','tritongpu-pipeline') and 'num-stages' not in o: o['num-stages']='3'
    pm = ir.pass_manager(ctx)
    import triton._C.libtriton as L
    extra = {'tritongpu-optimize-accumulator-init': L.passes.ttgpuir.add_optimize_accumulator_init,
             'tritongpu-hoist-tmem-alloc': lambda pm: L.passes.ttgpuir.add_hoist_tmem_alloc(pm, o.get('hoist-out-of-if','false')=='true'),
             'triton-nvidia-gpu-remove-tmem-tokens': L.nvidia.passes.ttnvgpuir.add_remove_tmem_tokens,
             'promote-lhs-to-tmem': L.nvidia.passes.ttnvgpuir.add_promote_lhs_to_tmem,
             'warp-specialize': lambda pm: L.passes.ttgpuir.add_warp_specialize(pm, int(o.get('num-stages','3')))}
    (pass_adder(name, o) or extra[name])(pm)
    pm.run(mod, 'x')
    open(f"{out}/{i:02d}-{name}.mlir", 'w').write(str(mod))
