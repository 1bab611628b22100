#!/bin/sh
# Builds every program in this folder with nvcc for sm_90 and runs each
# on the GPU, writing what it printed to OUTDIR/h200-NAME.out (OUTDIR is
# the first argument, this folder by default). Needs nvcc and an NVIDIA
# GPU of compute capability 9.0; see README.md.
set -u
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here}
tmp=$(mktemp -d)
for f in "$here"/*.cu; do
    n=$(basename "$f" .cu)
    nvcc -arch=sm_90 -fmad=false -o "$tmp/$n" "$f" > "$tmp/$n.log" 2>&1 &
done
wait
status=0
for f in "$here"/*.cu; do
    n=$(basename "$f" .cu)
    if [ ! -x "$tmp/$n" ]; then
        echo "$n: nvcc failed:"; cat "$tmp/$n.log"; status=1; continue
    fi
    timeout 300 "$tmp/$n" > "$out/h200-$n.out" 2>&1 || { echo "$n: the run failed"; status=1; }
done
if [ -x "$tmp/examples" ]; then
    cuobjdump -sass "$tmp/examples" > "$out/examples.sass" 2>&1 || true
fi
exit $status
