import sys,triton,triton.language as tl
from triton.backends.compiler import GPUTarget as G
from triton.compiler import ASTSource as A
sys.path.insert(0,'/tmp');from kern import *
L=[]
for n,f,s,cxs,dv,caps,nws,nss in C:
  for cx in cxs:
    for cap in caps:
      for nw in nws:
        for ns in nss:L.append((n+'-'+'-'.join(f'{k}{v}' for k,v in cx.items())+f'-sm{cap}-w{nw}-s{ns}',f,s,cx,dv,cap,nw,ns))
if sys.argv[1]=='list':print('\n'.join(x[0] for x in L));sys.exit()
n,f,s,cx,dv,cap,nw,ns=L[int(sys.argv[1])]
sig=dict(x.split(':') for x in s.split(','))
for k in cx:sig[k]='constexpr'
an=list(f.arg_names)
triton.compile(A(fn=f,signature=sig,constexprs=cx,attrs={(an.index(a),):[["tt.divisibility",16]] for a in dv}),target=G("cuda",cap,32),options={"num_warps":nw,"num_stages":ns})
