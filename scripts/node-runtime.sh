# Sourced by the project's scripts (setup, start, test): makes `node` Node.js 24, the version the
# project supports (package.json `engines`). When the machine's node is another major version, Node 24
# is installed from the npm registry's `node` package into .local/node24 (once, about 30 MB) and put
# first on PATH for the rest of the script and everything it starts. NODE_RUNTIME=system keeps the
# machine's node whatever its version.
NODE_MAJOR_WANTED=24
node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "${NODE_RUNTIME:-}" != system ] && [ "$(node_major)" != "$NODE_MAJOR_WANTED" ]; then
  _project_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  _node_prefix="$_project_root/.local/node$NODE_MAJOR_WANTED"
  if [ ! -x "$_node_prefix/node_modules/.bin/node" ] || [ "$("$_node_prefix/node_modules/.bin/node" -p 'process.versions.node.split(".")[0]' 2>/dev/null)" != "$NODE_MAJOR_WANTED" ]; then
    command -v npm >/dev/null || { echo "Node.js $NODE_MAJOR_WANTED is required (and npm, to fetch it)" >&2; exit 1; }
    echo "[node] the machine's node is $(node -v 2>/dev/null || echo missing): installing Node.js $NODE_MAJOR_WANTED into .local/node$NODE_MAJOR_WANTED" >&2
    mkdir -p "$_node_prefix"
    npm install --prefix "$_node_prefix" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "node@$NODE_MAJOR_WANTED" >&2
  fi
  export PATH="$_node_prefix/node_modules/.bin:$PATH"
  hash -r
  unset _project_root _node_prefix
fi
