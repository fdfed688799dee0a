// RUN: not ttg-opt %s --symbol-dce=aggressive=1 2>&1 | FileCheck %s --check-prefix=NOOPT
// RUN: not ttg-opt %s '--canonicalize=max-iterations=ten' 2>&1 | FileCheck %s --check-prefix=BADINT
// RUN: not ttg-opt %s '--tritongpu-pipeline=num-stages=4294967296' 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: not ttg-opt %s '--canonicalize=region-simplify=some' 2>&1 | FileCheck %s --check-prefix=BADENUM
// RUN: not ttg-opt %s '--canonicalize=test-convergence=maybe' 2>&1 | FileCheck %s --check-prefix=BADBOOL
// RUN: not ttg-opt %s '--pass-pipeline=builtin.module(canonicalize{max-iterations=3 foo=1})' 2>&1 | FileCheck %s --check-prefix=PIPE
// RUN: ttg-opt %s '--canonicalize=max-iterations=3 top-down=false' | FileCheck %s
// RUN: ttg-opt %s '--canonicalize=max-iterations=0x10 region-simplify=aggressive test-convergence' | FileCheck %s
// RUN: ttg-opt %s '--pass-pipeline=builtin.module(canonicalize{max-iterations=3 top-down=false})' | FileCheck %s

// Options follow the pass name after '=', separated by spaces, as with triton-opt
// (--convert-triton-gpu-to-llvm=compute-capability=90 ptx-version=83). They are parsed once, against the pass's
// declared schema, and a bad one is reported with triton-opt's text.

// NOOPT: <unknown>:0: error: <Pass-Options-Parser>: no such option aggressive
// BADINT: ttg-opt: for the --max-iterations option: 'ten' value invalid for long argument!
// BADINT-NEXT: <unknown>:0: error:
// RANGE: ttg-opt: for the --num-stages option: '4294967296' value invalid for integer argument!
// BADENUM: ttg-opt: for the --region-simplify option: Cannot find option named 'some'!
// BADBOOL: ttg-opt: for the --test-convergence option: 'maybe' is invalid value for boolean argument! Try 0 or 1
// PIPE: <unknown>:0: error: <Pass-Options-Parser>: no such option foo
// PIPE-EMPTY:
// PIPE-NEXT: failed to add `canonicalize` with options `max-iterations=3 foo=1`
// CHECK: tt.func @f
tt.func @f() {
  tt.return
}
