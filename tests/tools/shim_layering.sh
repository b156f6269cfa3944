#!/usr/bin/env bash
# shim/runtime never calls up into the core: no object of shim/runtime has
# an undefined symbol that the core (src/) defines.  Only the front end
# (shim/front) may call the core's API (docs/design.md, "Layers").
#
# Usage: shim_layering.sh <libslabcore.a> <archive of the shim's objects>
set -euo pipefail

core=$1
lib=$2
core_defined=$(nm --defined-only "$core" | awk 'NF == 3 && $2 ~ /^[A-Z]$/ { print $3 }' |
	sort -u)
# nm -A -P: "archive[member]: symbol type ...", one line per symbol.
runtime_undefined=$(nm -A -P "$lib" |
	awk '$1 ~ /\[([^]]*\/)?shim_runtime_[^]]*\]:$/ && $3 == "U" {
		member = $1; sub(/^.*\[/, "", member); sub(/\]:$/, "", member)
		sub(/^.*\//, "", member)
		print $2, member }' | sort -u)
[ -n "$core_defined" ] || { echo "no global symbol found in $core"; exit 1; }
[ -n "$runtime_undefined" ] || { echo "no shim/runtime object found in $lib"; exit 1; }
calls_up=$(join <(echo "$core_defined") <(echo "$runtime_undefined") || true)
if [ -n "$calls_up" ]; then
	echo "shim/runtime objects calling the core (symbol, object); move the call to shim/front:"
	echo "$calls_up"
	exit 1
fi
echo "$(echo "$runtime_undefined" | cut -d' ' -f1 | sort -u | wc -l) symbols used by shim/runtime, none of them the core's"
