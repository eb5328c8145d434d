#!/usr/bin/env bash
# Lays out the datasets the examples train on, under data/ at the repository root:
#   data/fashion-mnist/  the IDX files (gzipped) of Debian's package dataset-fashion-mnist
#   data/cifar10/        the CIFAR-10 binary batches found in ../shared/data/cifar10/
# Safe to run again: files already in place are left alone.
#
# Usage: scripts/setup_data.sh [--install]
#   --install   apt-get install the dataset-fashion-mnist package when it is missing
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
INSTALL=0
for arg in "$@"; do
  case "$arg" in
    --install) INSTALL=1 ;;
    -h|--help)
      sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *)
      echo "setup_data.sh: unknown argument: $arg (try --help)" >&2
      exit 2
      ;;
  esac
done

FASHION_SRC=/usr/share/datasets/fashion-mnist
FASHION_DST="$ROOT/data/fashion-mnist"
FASHION_FILES="train-images-idx3-ubyte.gz train-labels-idx1-ubyte.gz t10k-images-idx3-ubyte.gz t10k-labels-idx1-ubyte.gz"
CIFAR_SRC="$ROOT/../shared/data/cifar10"
CIFAR_DST="$ROOT/data/cifar10"

fashion_present() {
  local f
  for f in $FASHION_FILES; do
    [ -f "$FASHION_SRC/$f" ] || return 1
  done
  return 0
}

# --- Fashion-MNIST -------------------------------------------------------------
if ! fashion_present; then
  if [ "$INSTALL" = 1 ]; then
    echo "Installing dataset-fashion-mnist ..."
    apt-get install -y dataset-fashion-mnist || {
      echo "apt-get install failed; try 'apt-get update' first" >&2
      exit 1
    }
  fi
  if ! fashion_present; then
    echo "Fashion-MNIST is missing: $FASHION_SRC does not hold the four IDX .gz files." >&2
    echo "Install it with:  apt-get install -y dataset-fashion-mnist" >&2
    echo "(or run this script with --install)" >&2
    exit 1
  fi
fi
mkdir -p "$FASHION_DST"
copied=0
for f in $FASHION_FILES; do
  if [ ! -f "$FASHION_DST/$f" ] || ! cmp -s "$FASHION_SRC/$f" "$FASHION_DST/$f"; then
    cp "$FASHION_SRC/$f" "$FASHION_DST/$f.tmp"
    mv "$FASHION_DST/$f.tmp" "$FASHION_DST/$f"
    copied=$((copied + 1))
  fi
done
echo "Fashion-MNIST: $FASHION_DST ($copied file(s) copied, $((4 - copied)) already there)"

# --- CIFAR-10 ------------------------------------------------------------------
shopt -s nullglob
cifar_files=("$CIFAR_SRC"/*.bin)
shopt -u nullglob
if [ ${#cifar_files[@]} -eq 0 ]; then
  echo "CIFAR-10: no binaries in $CIFAR_SRC. Drop the official CIFAR-10 binary files" \
       "(data_batch_1.bin .. data_batch_5.bin, test_batch.bin) there and run this again," \
       "or put them straight into $CIFAR_DST."
else
  mkdir -p "$CIFAR_DST"
  linked=0
  for src in "${cifar_files[@]}"; do
    name="$(basename "$src")"
    # A relative link (data/cifar10 -> ../shared/data/cifar10 beside the repository),
    # so that it holds wherever the repository and shared/ are laid out together.
    target="../../../shared/data/cifar10/$name"
    dst="$CIFAR_DST/$name"
    if [ -L "$dst" ] && [ "$(readlink "$dst")" = "$target" ]; then
      continue
    fi
    if [ -f "$dst" ] && [ ! -L "$dst" ] && cmp -s "$src" "$dst"; then
      continue  # a copy placed by hand
    fi
    ln -sfn "$target" "$dst"
    linked=$((linked + 1))
  done
  echo "CIFAR-10: $CIFAR_DST (${#cifar_files[@]} file(s) from $CIFAR_SRC, $linked newly linked)"
fi
