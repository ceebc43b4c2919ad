#!/bin/sh
# Board throughput benchmark: builds the release binaries and runs
# tesuji-bench (play+undo and random playouts on 9x9 and 19x19).
# Usage: scripts/bench-board.sh [--seed N] [--scale X]
# Numbers depend on the machine and its load; the checksums depend only on
# the seed and the board code.
set -eu
cd "$(dirname "$0")/.."
cargo build --release --bin tesuji-bench
exec ./target/release/tesuji-bench "$@"
