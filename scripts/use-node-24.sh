# shellcheck shell=bash
# `source scripts/use-node-24.sh`: on a machine whose Node.js is older than 22, puts Node.js 24 (LTS)
# first on PATH for this shell, taken from the npm registry (Node's own builds, published there as
# node-<os>-<arch>), so a machine that reaches only the registry can run the app. npm then builds
# native modules (better-sqlite3) against that Node's headers, which come in the same package.
# A Node.js 22 or newer already on PATH is left alone. .ci/run sources it; see the README's set-up.
_student_hub_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(_student_hub_node_major)" -lt 22 ]; then
  # npm finds its global npmrc beside the Node that runs it: keep the machine's (its registry, proxy
  # and CA settings) once that Node is another one.
  _globalconfig="$(npm config get globalconfig 2>/dev/null || true)"
  _os="$(uname -s | tr '[:upper:]' '[:lower:]')"
  case "$(uname -m)" in
    x86_64 | amd64) _arch=x64 ;;
    aarch64 | arm64) _arch=arm64 ;;
    *) _arch="$(uname -m)" ;;
  esac
  _home="${STUDENT_HUB_NODE_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/student-hub/node-24-$_os-$_arch}"
  if [ ! -x "$_home/bin/node" ]; then
    echo "Node.js $(node -v 2>/dev/null || echo "(none)") is older than 22: fetching Node.js 24 from the npm registry (node-$_os-$_arch@24)…" >&2
    _tmp="$(mktemp -d)"
    if (cd "$_tmp" && npm pack --silent "node-$_os-$_arch@24" >/dev/null) && mkdir -p "$_home" &&
      tar xzf "$_tmp"/node-"$_os"-"$_arch"-*.tgz -C "$_home" --strip-components=1; then
      :
    else
      echo "Could not fetch node-$_os-$_arch@24 from the npm registry." >&2
      rm -rf "$_home"
    fi
    rm -rf "$_tmp"
  fi
  if [ -x "$_home/bin/node" ]; then
    export PATH="$_home/bin:$PATH"
    # node-gyp builds native modules against these headers, not an older system Node's.
    export npm_config_nodedir="$_home"
    if [ -f "$_globalconfig" ]; then export npm_config_globalconfig="$_globalconfig"; fi
    hash -r
  fi
  unset _os _arch _home _tmp _globalconfig
fi
unset -f _student_hub_node_major
echo "Node.js $(node -v) ($(command -v node))" >&2
