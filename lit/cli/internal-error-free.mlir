// RUN: not ttg-opt %S/Inputs/does-not-exist.mlir 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not ttg-opt %s %s 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: not ttg-opt %s -o 2>&1 | FileCheck %s --check-prefix=NOVAL
// RUN: not ttg-opt %s --verify-each=maybe 2>&1 | FileCheck %s --check-prefix=BOOL

// Command-line mistakes are reported in one line, without a stack trace, with exit status 1.
// MISSING: ttg-opt: could not open input file '{{.*}}does-not-exist.mlir': No such file or directory
// TWO: ttg-opt: Too many positional arguments specified!
// NOVAL: ttg-opt: for the -o option: requires a value!
// BOOL: ttg-opt: for the --verify-each option: 'maybe' is invalid value for boolean argument! Try 0 or 1
tt.func @f() {
  tt.return
}
