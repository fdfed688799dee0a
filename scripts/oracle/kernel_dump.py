# A TRITON_KERNEL_DUMP folder per kernel and target, the way a user makes one (Triton 3.6's wheel; the compile
# runs on the CPU, no GPU needed), for `ttg-replay DIR`:
#   python3 kernel_dump.py OUT_DIR KERNELS.py NAME [NAME...]      (KERNELS.py: a kernels file of ../shared/oracle)
# Writes OUT_DIR/<name>-sm80/<hash>/<kernel>.{ttir,ttgir,llir,ptx,cubin} and the same for sm90.
import os, subprocess, sys

out, kfile, names = sys.argv[1], sys.argv[2], sys.argv[3:]
oracle = os.path.dirname(os.path.abspath(kfile))
# The child compiles one kernel exactly as ../shared/oracle/dump_log.py does (default options, num_warps=4).
CHILD = open(os.path.join(oracle, "dump_log.py")).read().split("CHILD = r'''")[1].split("'''")[0]
for name in names:
    for cap in (80, 90):
        dump = os.path.join(out, f"{name}-sm{cap}")
        env = dict(os.environ, TRITON_KERNEL_DUMP="1", TRITON_DUMP_DIR=dump, TRITON_ALWAYS_COMPILE="1")
        p = subprocess.run([sys.executable, "-c", CHILD, kfile, name, str(cap), oracle], capture_output=True, text=True, env=env)
        print(dump, p.returncode, p.stderr[-300:])
