// RUN: printf '\n' | ttg-opt - --split-input-file --canonicalize --cse | FileCheck %s
// A buffer that opens with a newline splits into one chunk (it gave an internal error).
// CHECK: module {
