#!/usr/bin/env bash
# Submits a snug run to Slurm as an array job of N shards, and the merge of their outputs after it.
#
#   examples/slurm/submit.sh PUZZLE N [snug solve options...]
#   examples/slurm/submit.sh tetris-cube 16 --unique --count
#
# PUZZLE is a catalog name or a puzzle file every node can read; the options default to --count (give
# --all to list every solution). The outputs go to $SNUG_OUT (default: snug-shards, under the folder
# sbatch is run from: it must be on a file system every node shares); the whole result ends up in
# $SNUG_OUT/result.json. Set SNUG to how the nodes run snug (default: snug), and pass sbatch options
# such as the partition or the CPUs per task in SBATCH_PARTITION, SBATCH_CPUS_PER_TASK... (sbatch reads
# them from the environment), or edit the #SBATCH lines of the two scripts.
set -euo pipefail
if [ $# -lt 2 ] || ! [[ $2 =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: $0 PUZZLE N [snug solve options...] (N: the number of shards, at least 1)" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
export SNUG_PUZZLE=$1
shards=$2
shift 2
export SNUG_OPTIONS="${*:---count}"
export SNUG_OUT=${SNUG_OUT:-snug-shards}
if [ -e "$SNUG_OUT/result.json" ]; then
  echo "$SNUG_OUT/result.json exists: that run is done (set SNUG_OUT to another folder for a new run)" >&2
  exit 2
fi
mkdir -p "$SNUG_OUT"
# --parsable prints "jobid" or "jobid;cluster"
array=$(sbatch --parsable --array="1-$shards" "$here/snug-shard.sbatch")
array=${array%%;*}
merge=$(sbatch --parsable --dependency="afterok:$array" --kill-on-invalid-dep=yes "$here/snug-merge.sbatch")
merge=${merge%%;*}
echo "shards: job $array (array 1-$shards); merge: job $merge; the result: $SNUG_OUT/result.json"
