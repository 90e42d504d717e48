#!/bin/bash
# Diagnostic run on the H100: the NVIDIA-only failures with full tracebacks (log to $OUT/diag.log).
cd "$(dirname "$0")/.."
mapfile -t ids < benchmarks/nvfix9_ids.txt
timeout 200 python -m pytest "${ids[@]}" -p no:randomly -p no:cacheprovider --tb=long -rf > "$OUT/diag.log" 2>&1
echo "pytest rc=$?"; tail -5 "$OUT/diag.log"
