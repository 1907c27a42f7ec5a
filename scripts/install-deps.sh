#!/usr/bin/env bash
# Installs what cu2hip needs to build, test and compile its output for gfx942,
# from Debian 12's archive. Does nothing for packages already installed.
set -eu
packages=(
  cmake make gcc pkg-config python3
  libclang-19-dev libyaml-dev libjansson-dev libxxhash-dev  # build: parser, rule table and config, JSON, cache digests
  libcmocka-dev python3-jsonschema vim-nox valgrind  # tests: unit, report schemas, an editor reading the output, memory
  clang-19 clang-tools-19 lld-19 llvm-19 libamdhip64-dev rocm-device-libs  # HIP compile check for gfx942
  libhipsparse-dev libhiprand-dev librocrand-dev librocprim-dev librocsparse-dev  # HIP libraries Debian ships
  libclang-rt-19-dev  # fuzz tests: libFuzzer and the sanitizer runtimes of clang-19
  libtbb-dev g++  # cu2hip run: the HIP CPU runtime (HIP-CPU) builds with g++ and links libtbb
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
