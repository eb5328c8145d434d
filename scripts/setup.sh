#!/usr/bin/env bash
# Installs what a fresh Debian machine lacks for building caffe_src and running the tool,
# then fills data/ with the datasets. Idempotent: a second run installs nothing.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

APT_PACKAGES=(cmake g++ libopenblas-dev libprotobuf-dev protobuf-compiler libgtest-dev zlib1g-dev
              dataset-fashion-mnist clang-14 libomp-14-dev clang-format-14 ccache pkg-config
              openmpi-bin libopenmpi-dev)
missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

PY="${PYTHON:-python3}"
# installed from this checkout (an editable install of another clone, since removed, leaves a
# `cgp-transform` that cannot import the package)
here=$(cd / && "$PY" -c "import os, transformer; print(os.path.dirname(os.path.dirname(os.path.realpath(transformer.__file__))))" 2>/dev/null || true)
if ! command -v cgp-transform >/dev/null || [ "$here" != "$(cd "$ROOT" && pwd -P)" ] || \
    ! "$PY" -c "import clang.cindex, jinja2, numpy, pytest, matplotlib, tqdm, google.protobuf" 2>/dev/null; then
  "$PY" -m pip install -q --disable-pip-version-check -e "$ROOT[dev]"
fi

bash "$ROOT/scripts/setup_data.sh"
