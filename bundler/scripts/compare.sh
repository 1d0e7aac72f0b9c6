#!/bin/bash
# Per-fixture table: bundled / compiled / warnings / same output / bytes / ms, for this bundler
# and (when `cargo-equip` is on PATH) for cargo-equip, on the fixtures that carry an expected
# output of their own `cargo run`. Run from the repository root after `cargo build -p bundler`:
#     bundler/scripts/compare.sh [FIXTURE...]
set -u
root=$(pwd)
bundler=$root/target/debug/bundler
scratch=${TMPDIR:-/tmp}/bundler-compare
mkdir -p "$scratch"
export CARGO_TARGET_DIR="$scratch/target"
cd "$root/bundler/tests/fixtures" || exit 1
fixtures=${*:-$(ls -d issue-* deps-demo real/*)}
printf '| fixture | tool | bundled | compiled | warnings | same output | bytes | ms |\n|---|---|---|---|---|---|---|---|\n'
for fixture in $fixtures; do
  bin=$(basename "$fixture"); [ -d "$fixture/src/bin" ] && bin=demo
  expected="$fixture/expected/$bin.txt"
  label=$(echo "$fixture" | tr / -)
  for tool in bundler cargo-equip; do
    out="$scratch/$label-$tool.rs"; rm -f "$out"
    start=$(date +%s%N)
    if [ $tool = bundler ]; then
      "$bundler" --manifest-path "$fixture/Cargo.toml" --bin "$bin" -o "$out" 2> "$scratch/$label-$tool.err" && ok=yes || ok=no
    else
      command -v cargo-equip > /dev/null || continue
      (cd "$fixture" && cargo equip --bin "$bin" -o "$out" 2> "$scratch/$label-$tool.err") && ok=yes || ok=no
    fi
    ms=$(( ($(date +%s%N) - start) / 1000000 ))
    compiled=no; warnings=-; same=no; bytes=-
    if [ $ok = yes ] && [ -s "$out" ]; then
      bytes=$(wc -c < "$out")
      if rustc --edition 2021 -O -o "$scratch/$label-$tool" "$out" 2> "$scratch/$label-$tool.rustc"; then compiled=yes; fi
      warnings=$(grep -c '^warning' "$scratch/$label-$tool.rustc")
      # rustc's summary line ("N warnings emitted") is not a warning of its own.
      grep -q '^warning: .* warnings\? emitted' "$scratch/$label-$tool.rustc" && warnings=$((warnings - 1))
      if [ $compiled = yes ]; then
        input=/dev/null; [ -f "$fixture/stdin.txt" ] && input="$fixture/stdin.txt"
        "$scratch/$label-$tool" < "$input" > "$scratch/$label-$tool.out" 2> /dev/null && cmp -s "$scratch/$label-$tool.out" "$expected" && same=yes
      fi
    fi
    printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$fixture" "$tool" "$ok" "$compiled" "$warnings" "$same" "$bytes" "$ms"
  done
  rm -f "$fixture/Cargo.lock"
done
