// RUN: ttg-opt %s -split-input-file -verify-diagnostics

llvm.func @bad_sem(%p: !llvm.ptr<1>) {
  // expected-error @+1 {{expected memory semantic to be one of: relaxed, acquire, release, acq_rel}}
  %0 = nvg.ld_acquire acq, gpu, %p : (!llvm.ptr<1>) -> f32
  llvm.return
}

// -----

llvm.func @shared_ptr(%p: !llvm.ptr<3>) {
  // expected-error @+1 {{'nvg.ld_acquire' op operand #0 must be LLVM pointer in address space 1, but got '!llvm.ptr<3>'}}
  %0 = nvg.ld_acquire acquire, gpu, %p : (!llvm.ptr<3>) -> f32
  llvm.return
}
