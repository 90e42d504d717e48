#!/bin/bash
# H100 check of the nvfix9 fixes: the ids in nvfix9_ids.txt (those the fixes should turn green), full
# tracebacks in $OUT/diag.log. Run: source .gl/activate; cd .bench-X; export PYTHONPATH=/tmp/site:$PWD; bash benchmarks/nvfix9_diag.sh
cd "$(dirname "$0")/.."
mapfile -t ids < benchmarks/nvfix9_ids.txt
timeout 200 python -m pytest "${ids[@]}" -p no:randomly -p no:cacheprovider --tb=long -rf > "$OUT/diag.log" 2>&1
echo "pytest rc=$?"; tail -5 "$OUT/diag.log"
