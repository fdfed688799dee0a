// RUN: not ttg-opt %s --symbol-dce=aggressive=1 2>&1 | FileCheck %s --check-prefix=NOOPT
// RUN: not ttg-opt %s '--canonicalize=max-iterations=ten' 2>&1 | FileCheck %s --check-prefix=BADINT
// RUN: ttg-opt %s '--canonicalize=max-iterations=3 top-down=false' | FileCheck %s
// RUN: ttg-opt %s '--pass-pipeline=builtin.module(canonicalize{max-iterations=3 top-down=false})' | FileCheck %s

// Options follow the pass name after '=', separated by spaces, as with triton-opt
// (--convert-triton-gpu-to-llvm=compute-capability=90 ptx-version=83).

// NOOPT: no such option aggressive
// BADINT: invalid value 'ten' for option 'max-iterations' of pass 'canonicalize': expected an integer
// CHECK: tt.func @f
tt.func @f() {
  tt.return
}
