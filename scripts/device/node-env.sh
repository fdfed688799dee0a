# Sourced on the GPU host (which has Python, Triton and PyTorch but no Node): unpacks the Node 20 binary and the
# runtime packages carried in .node/ (node.xz: `xz -9 < $(which node)`; modules.tar.xz: the production
# node_modules) so that dist/ runs there.
mkdir -p /tmp/nodebin
[ -x /tmp/nodebin/node ] || xz -dc .node/node.xz >/tmp/nodebin/node && chmod +x /tmp/nodebin/node
export PATH="/tmp/nodebin:$PATH"
[ -d node_modules/yargs ] || tar -xJf .node/modules.tar.xz
node --version
