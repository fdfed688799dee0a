// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// Only a whole `loc(#alias)` may refer to an alias defined further down; one nested in a name location may not.
// CHECK: nested-deferred-loc-alias.mlir:[[@LINE+1]]:28: error: undefined symbol alias id 'loc'
tt.func @f(%n: i32 loc("n"(#loc))) -> i32 {
  tt.return %n : i32
}
#loc = loc("k.py":1:0)
