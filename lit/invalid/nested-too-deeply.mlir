// RUN: node -e "process.stdout.write('tt.func @f(%%arg0: ' + '!tt.ptr<'.repeat(50000) + 'f32' + '>'.repeat(50000) + ') {\n  tt.return\n}\n')" > %t.mlir
// RUN: not ttg-opt %t.mlir 2>&1 | FileCheck %s
// CHECK: {{.*}}.mlir:1:{{[0-9]+}}: error: IR is nested too deeply to be processed
// CHECK-NOT: internal error
