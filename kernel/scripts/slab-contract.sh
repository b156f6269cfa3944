#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# slab-contract.sh - what a built Linux kernel needs from its slab
# allocator, measured from the objects of a build (issue 27's groundwork).
#
#   1. The symbols: every global symbol that mm/slub.o or mm/slab_common.o
#      defines and another object of the kernel references (the members of
#      vmlinux.a, the lib.a archives linked into vmlinux, and the modules
#      of modules.order), grouped by the referencing file, then by symbol,
#      then a summary.  Each symbol is marked with the counterpart
#      libslab's core has for it:
#        src   src/ defines a function or variable of that name;
#        map   kernel/glue/libslab_prelude.h or libslab_core_names.h maps
#              the name to an lslab_ one;
#        list  tests/lint/kernel_counterparts.txt names it;
#        -     none: missing.  The note "~NAME" says that src/ has the
#              name without the _noprof suffix.
#      The project's own objects (lib/libslab/, the oracle's mm/slub_oracle*)
#      are listed apart and not counted.  Then the other direction: the
#      symbols the two objects take from the rest of the kernel, by the
#      object that defines them; and, when the build has lib/libslab/, the
#      names its core would define twice without the lslab_ prefix.
#   2. With the source tree: the files that include the private mm/slab.h,
#      directly or through a header, and which of its names (inline
#      functions, macros, types, declarations) and which struct slab /
#      struct kmem_cache fields each uses, marking those src/ lacks.  Names
#      are found by word; fields through the variables a file declares as
#      struct slab * or struct kmem_cache * (and ->slab_cache), so that
#      list wants review by reading.
#   3. With the source tree: the events of include/trace/events/kmem.h, the
#      file that instantiates them (CREATE_TRACE_POINTS) and the files that
#      emit each.
#   4. With the source tree: the identifiers mm/slub.c, mm/slab_common.c
#      and mm/slab.h use from each subsystem a replacement must serve or
#      leave out (KASAN, KFENCE, memcg, sysfs, ...), and the boot
#      parameters they define.
#   5. With the source tree: their EXPORT_SYMBOLs, referenced here or not.
#
# Usage: slab-contract.sh [--markdown] [--no-files] [--no-source] <kernel build dir> [source dir]
#
# --markdown writes markdown tables; --no-files leaves out the table by
# referencing file (1a), --no-source sections 2 to 4.
#
# The build dir is a kernel O= directory (or an in-tree build) with ELF
# objects, so not built with LTO.  The source dir defaults to the build
# dir's "source" link, or the build dir itself.  NM overrides the nm used;
# otherwise nm, then <machine>-linux-gnu-nm.  The output depends only on
# the build, the source and the repository: run it again to regenerate the
# tables of docs/kernel.md and docs/kernel-slab-contract.md.
set -euo pipefail
export LC_ALL=C

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
for f in src/slab.h kernel/glue/libslab_prelude.h kernel/glue/libslab_core_names.h \
	tests/lint/kernel_counterparts.txt; do
	if [ ! -f "$REPO/$f" ]; then
		echo "slab-contract.sh: $REPO/$f missing; run the script from the libslab repository" >&2
		exit 1
	fi
done

die() {
	echo "slab-contract.sh: $*" >&2
	exit 1
}

usage() {
	echo "usage: slab-contract.sh [--markdown] [--no-files] [--no-source] <kernel build dir> [source dir]" >&2
	exit 2
}

markdown=0
use_source=1
by_file=1
while [ $# -gt 0 ]; do
	case $1 in
	--markdown) markdown=1 ;;
	--no-source) use_source=0 ;;
	--no-files) by_file=0 ;;
	-h | --help) usage ;;
	--) shift; break ;;
	-*) echo "slab-contract.sh: unknown option $1" >&2; usage ;;
	*) break ;;
	esac
	shift
done
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	usage
fi

build=$1
[ -d "$build" ] || die "$build: no such directory (want a kernel build dir, the O= of make)"
build=$(cd "$build" && pwd)

# ---- the build dir -------------------------------------------------------
for f in mm/slub.o mm/slab_common.o; do
	[ -f "$build/$f" ] ||
		die "$build: no $f; not a built kernel tree, or one built without SLUB"
done
for f in mm/slub.o mm/slab_common.o; do
	magic=$(head -c 4 "$build/$f" | od -An -c | tr -d ' ')
	[ "$magic" = '177ELF' ] ||
		die "$build/$f is not an ELF object (built with LTO?); the script reads ELF symbols"
done
if [ -f "$build/vmlinux.a" ]; then
	main_archive=vmlinux.a
elif [ -f "$build/built-in.a" ]; then
	main_archive=built-in.a
else
	die "$build: neither vmlinux.a nor built-in.a; the kernel build did not finish"
fi

# The source tree, for sections 2 to 4.
srcdir=
if [ "$use_source" = 1 ]; then
	if [ $# -ge 2 ]; then
		srcdir=$2
	elif [ -d "$build/source" ]; then
		srcdir=$build/source
	else
		srcdir=$build
	fi
	if [ ! -f "$srcdir/mm/slab.h" ] || [ ! -f "$srcdir/include/trace/events/kmem.h" ] ||
		[ ! -f "$srcdir/mm/slub.c" ]; then
		if [ $# -ge 2 ]; then
			die "$srcdir: no mm/slab.h, mm/slub.c or include/trace/events/kmem.h; not a 6.12 source tree"
		fi
		srcdir=
	else
		srcdir=$(cd "$srcdir" && pwd)
	fi
fi

pick_nm() {
	local machine cand

	if [ -n "${NM:-}" ]; then
		"$NM" "$build/mm/slub.o" >/dev/null 2>&1 ||
			die "NM=$NM cannot read $build/mm/slub.o"
		echo "$NM"
		return
	fi
	if nm "$build/mm/slub.o" >/dev/null 2>&1; then
		echo nm
		return
	fi
	machine=$(readelf -h "$build/mm/slub.o" 2>/dev/null |
		awk -F: '/Machine:/ { gsub(/^ +/, "", $2); print $2 }')
	case $machine in
	*AArch64*) cand=aarch64-linux-gnu-nm ;;
	*X86-64*) cand=x86_64-linux-gnu-nm ;;
	*RISC-V*) cand=riscv64-linux-gnu-nm ;;
	*) cand=llvm-nm ;;
	esac
	if ! command -v "$cand" >/dev/null 2>&1 ||
		! "$cand" "$build/mm/slub.o" >/dev/null 2>&1; then
		die "no nm reads $build/mm/slub.o ($machine); set NM"
	fi
	echo "$cand"
}
NM_CMD=$(pick_nm)

# grep that finds nothing without failing the pipeline
ggrep() {
	grep "$@" || [ $? = 1 ]
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The defined globals of the two objects: "symbol object type".
for o in mm/slub.o mm/slab_common.o; do
	(cd "$build" && "$NM_CMD" -g --defined-only "$o") |
		awk -v o="${o#mm/}" 'NF == 3 { print $3, o, $2 }'
done | sort -u -k1,1 > "$tmp/defs"
[ -s "$tmp/defs" ] || die "$build: mm/slub.o and mm/slab_common.o define no global symbol"

# The objects linked into vmlinux, and the modules.
archives=("$main_archive")
for a in "$build"/lib/lib.a "$build"/arch/*/lib/lib.a; do
	[ -f "$a" ] && archives+=("${a#"$build"/}")
done
: > "$tmp/modules"
if [ -f "$build/modules.order" ]; then
	sed 's/\.o$/.ko/' "$build/modules.order" | while read -r m; do
		[ -f "$build/$m" ] && echo "$m"
	done > "$tmp/modules"
fi
mapfile -t modules < "$tmp/modules"

# Undefined references: "object symbol" (an archive member is named by its
# path, as in the thin archives kbuild writes).
(cd "$build" && "$NM_CMD" -A -u "${archives[@]}" ${modules[@]+"${modules[@]}"} 2>/dev/null) |
	awk '{ f = $1; sub(/:$/, "", f); n = split(f, p, ":"); print p[n], $NF }' |
	grep -v -e '^mm/slub\.o ' -e '^mm/slab_common\.o ' |
	sort -u > "$tmp/undef"

# ---- libslab's counterparts --------------------------------------------
# Names that src/ defines at file scope: functions (a definition, not a
# prototype), variables, DEFINE_*() objects.
# shellcheck disable=SC2016 # an awk program
find "$REPO/src" -name '*.[ch]' -print0 | sort -z | xargs -0 awk '
	function classify(s,    head, term, i, c, depth, name, n, w, t) {
		sub(/\/\*.*\*\//, "", s)
		if (s ~ /^(typedef|extern|EXPORT_SYMBOL|module_|late_initcall|__setup|early_param)/)
			return
		i = match(s, /[;{]/)
		if (!i)
			return
		head = substr(s, 1, i - 1)
		term = substr(s, i, 1)
		gsub(/(struct|union|enum)[ \t]+[A-Za-z_][A-Za-z0-9_]*/, " ", head)
		if (match(head, /^(static[ \t]+)?DEFINE_[A-Z0-9_]*\([ \t]*[A-Za-z_][A-Za-z0-9_]*/)) {
			name = substr(head, RSTART, RLENGTH)
			sub(/^.*\([ \t]*/, "", name)
			print name
			return
		}
		if (index(head, "=")) {
			head = substr(head, 1, index(head, "=") - 1)
		} else if (index(head, "(")) {
			if (term != "{")
				return		# a prototype
			# the identifiers just before a "(" at depth 0
			depth = 0
			name = ""
			for (i = 1; i <= length(head); i++) {
				c = substr(head, i, 1)
				if (c == "(") {
					if (depth == 0 && name != "")
						print name
					depth++
				} else if (c == ")") {
					depth--
				}
				if (c ~ /[A-Za-z0-9_]/)
					name = (c ~ /[A-Za-z_]/ && name == "" ? c : name c)
				else
					name = ""
			}
			return
		} else if (term == "{") {
			return			# a struct or enum body
		}
		gsub(/\[[^]]*\]/, " ", head)
		n = split(head, w, /[^A-Za-z0-9_]+/)
		for (t = 1; t <= n; t++)
			if (w[t] ~ /^[A-Za-z_]/)
				print w[t]
	}
	FNR == 1 { stmt = ""; open = 0 }
	open {
		if ($0 ~ /^\{/) { classify(stmt " {"); open = 0; next }
		stmt = stmt " " $0
		if (stmt ~ /[;{]/) { classify(stmt); open = 0 }
		next
	}
	/^[A-Za-z_]/ {
		stmt = $0
		sub(/\/\/.*/, "", stmt)
		if (stmt ~ /[;{]/)
			classify(stmt)
		else
			open = 1
	}
' | sort -u > "$tmp/cp_src"

cat "$REPO/kernel/glue/libslab_prelude.h" "$REPO/kernel/glue/libslab_core_names.h" |
	sed -nE 's/^#define[ \t]+([A-Za-z_][A-Za-z0-9_]*)[ \t]+lslab_\1([ \t].*)?$/\1/p' |
	sort -u > "$tmp/cp_map"
sed -e 's/#.*//' "$REPO/tests/lint/kernel_counterparts.txt" |
	awk 'NF { print $1 }' | sort -u > "$tmp/cp_list"

# ---- the table ---------------------------------------------------------
# rows: "file symbol object kind counterpart note project"
awk -v cpsrc="$tmp/cp_src" -v cpmap="$tmp/cp_map" -v cplist="$tmp/cp_list" '
	BEGIN {
		while ((getline l < cpsrc) > 0) src[l] = 1
		while ((getline l < cpmap) > 0) map[l] = 1
		while ((getline l < cplist) > 0) list[l] = 1
	}
	NR == FNR { obj[$1] = $2; type[$1] = $3; next }
	!($2 in obj) { next }
	{
		s = $2
		kind = (type[s] ~ /[TtWw]/ ? "func" : "data")
		if (s ~ /^(__tracepoint_|__traceiter_|__probestub_|__SCK__tp_func_|__SCT__tp_func_)/) {
			kind = "trace"
		}
		cp = ""
		if (s in src) cp = cp ",src"
		if (s in map) cp = cp ",map"
		if (s in list) cp = cp ",list"
		cp = (cp == "" ? "-" : substr(cp, 2))
		note = "."
		if (cp == "-" && s ~ /_noprof$/) {
			base = s
			sub(/_noprof$/, "", base)
			if ((base in src) || (base in map))
				note = "~" base
		}
		proj = ($1 ~ /^(lib\/libslab\/|mm\/slub_oracle)/) ? "project" : "kernel"
		print $1, s, obj[s], kind, cp, note, proj
	}
' "$tmp/defs" "$tmp/undef" | sort -k1,1 -k2,2 > "$tmp/rows"

# ---- header ------------------------------------------------------------
release=$(cat "$build/include/config/kernel.release" 2>/dev/null || echo unknown)
arch=unknown
if [ -f "$build/.config" ]; then
	arch=$(sed -nE 's/^CONFIG_(X86_64|X86_32|ARM64|ARM|RISCV|PPC64|S390)=y$/\1/p' "$build/.config" | head -1)
	opts=$(grep -E '^CONFIG_(SLUB_DEBUG|SLUB_DEBUG_ON|SLUB_TINY|SLUB_STATS|SLUB_CPU_PARTIAL|SLAB_OBJ_EXT|MEMCG|MEM_ALLOC_PROFILING|KASAN|KASAN_GENERIC|KFENCE|KMSAN|DEBUG_KMEMLEAK|SYSFS|PREEMPT_RT|MEMORY_HOTPLUG|DEBUG_PAGEALLOC|HARDENED_USERCOPY|SLAB_FREELIST_HARDENED|SLAB_FREELIST_RANDOM|RANDOM_KMALLOC_CACHES|SLAB_BUCKETS|FAILSLAB|TRACING|MODULES|NUMA|LIBSLAB)=y$' "$build/.config" |
		sed 's/^CONFIG_//; s/=y$//' | tr '\n' ' ')
else
	opts="(no .config)"
fi
nobj=$( (cd "$build" && for a in "${archives[@]}"; do ar t "$a"; done) | wc -l)

h() {
	if [ "$markdown" = 1 ]; then echo; echo "$1 $2"; echo; else echo; echo "== $2"; fi
}

if [ "$markdown" = 1 ]; then
	echo "Build: \`$(basename "$build")\`, Linux $release, ${arch:-unknown}."
	echo "Options (=y): ${opts% }."
	echo "Objects read: $nobj in ${archives[*]}, ${#modules[@]} modules."
else
	echo "build:   $build (Linux $release, ${arch:-unknown})"
	echo "options: ${opts% }"
	echo "objects: $nobj in ${archives[*]}; ${#modules[@]} modules; nm: $NM_CMD"
fi

# ---- 1a. by referencing file --------------------------------------------
if [ "$by_file" = 1 ]; then
	h "###" "Symbols of mm/slub.o and mm/slab_common.o, by referencing file"
	if [ "$markdown" = 1 ]; then
		echo "A missing symbol (no counterpart in libslab's core) is in **bold**."
		echo
		echo "| referencing file | symbols |"
		echo "|---|---|"
		awk '$7 == "kernel" {
			n = ($5 == "-" ? "**" $2 "**" : $2)
			gsub(/_/, "\\_", n)
			if ($1 != f) { if (f != "") print "| `" f "` | " line " |"; f = $1; line = n }
			else line = line ", " n
		} END { if (f != "") print "| `" f "` | " line " |" }' "$tmp/rows"
	else
		awk '$7 == "kernel" {
			if ($1 != f) { print $1; f = $1 }
			printf "    %-36s %-14s %-6s %-13s %s\n", $2, $3, $4, $5, ($6 == "." ? "" : $6)
		}' "$tmp/rows"
	fi
fi

# ---- 1b. by symbol ------------------------------------------------------
# "symbol object kind counterpart note nfiles files..."
awk '$7 == "kernel" {
	k = $2; meta[k] = $3 " " $4 " " $5 " " $6; n[k]++
	files[k] = files[k] " " $1
} END { for (k in n) print k, meta[k], n[k], files[k] }' "$tmp/rows" |
	sort -k6,6nr -k1,1 > "$tmp/bysym"

h "###" "The same symbols, by symbol (most referenced first)"
if [ "$markdown" = 1 ]; then
	echo "| symbol | in | kind | counterpart | files | first referencing files |"
	echo "|---|---|---|---|---|---|"
	awk '{
		more = ""; list = ""
		for (i = 7; i <= NF && i < 10; i++) list = list (list == "" ? "" : ", ") "`" $i "`"
		if (NF > 9) more = ", …"
		cp = $4 ($5 == "." ? "" : " (" $5 ")")
		printf "| `%s` | %s | %s | %s | %d | %s%s |\n", $1, $2, $3, cp, $6, list, more
	}' "$tmp/bysym"
else
	printf '    %-36s %-14s %-6s %-22s %5s  %s\n' symbol in kind counterpart files "first files"
	awk '{
		list = ""
		for (i = 7; i <= NF && i < 10; i++) list = list " " $i
		if (NF > 9) list = list " ..."
		cp = $4 ($5 == "." ? "" : " " $5)
		printf "    %-36s %-14s %-6s %-22s %5d %s\n", $1, $2, $3, cp, $6, list
	}' "$tmp/bysym"
fi

# ---- 1c. the project's own objects ---------------------------------------
if awk '$7 == "project" { found = 1 } END { exit !found }' "$tmp/rows"; then
	h "###" "The project's own objects (not counted)"
	awk -v md="$markdown" '$7 == "project" {
		if ($1 != f) {
			if (f != "") print line
			f = $1; line = (md ? "* `" $1 "`:" : "    " $1 ":")
		}
		line = line " " (md ? "`" $2 "`" : $2)
	} END { if (f != "") print line }' "$tmp/rows"
fi

# ---- 1d. summary --------------------------------------------------------
total=$(wc -l < "$tmp/bysym")
with=$(awk '$4 != "-"' "$tmp/bysym" | wc -l)
missing=$((total - with))
noprof=$(awk '$4 == "-" && $5 != "."' "$tmp/bysym" | wc -l)
exact=$(awk '$4 ~ /(^|,)src(,|$)/' "$tmp/bysym" | wc -l)
tracesyms=$(awk '$4 == "-" && $3 == "trace"' "$tmp/bysym" | wc -l)
events=$(awk '$3 == "trace" { print $1 }' "$tmp/bysym" |
	sed -E 's/^(__tracepoint_|__traceiter_|__probestub_|__SCK__tp_func_|__SCT__tp_func_)//' |
	sort -u | tr '\n' ' ')
events=${events% }
nfiles=$(awk '$7 == "kernel" { print $1 }' "$tmp/rows" | sort -u | wc -l)

h "###" "Summary"
q=
[ "$markdown" = 1 ] && q='`'
echo "$total symbols referenced by $nfiles files, $with with a counterpart, $missing missing."
echo "With a counterpart: $exact defined in src/ under the kernel's very name,"
echo "$((with - exact)) only under another name (mapped or listed)."
echo "Missing: $noprof with a counterpart without the ${q}_noprof${q} suffix; $tracesyms the"
echo "tracepoint plumbing of the events ${q}${events:-none}${q}."
if [ "$missing" -gt 0 ]; then
	echo
	echo "Missing, by kind:"
	[ "$markdown" = 1 ] && echo
	awk -v q="$q" '$4 == "-" {
		k = $3
		s = q $1 q ($5 == "." ? "" : " (" q $5 q ")")
		if (k == "trace") {
			k = "tracepoint"
			ev = $1
			sub(/^(__tracepoint_|__traceiter_|__probestub_|__SCK__tp_func_|__SCT__tp_func_)/, "", ev)
			pre = substr($1, 1, length($1) - length(ev))
			if (!(ev in evs)) { order[++ne] = ev; evs[ev] = "" }
			evs[ev] = evs[ev] (evs[ev] == "" ? "" : " ") q pre q
			next
		}
		m[k] = m[k] (m[k] == "" ? "" : ", ") s
	} END {
		for (i = 1; i <= ne; i++)
			m["tracepoint"] = m["tracepoint"] (i > 1 ? ", " : "") q order[i] q " (" evs[order[i]] ")"
		for (k in m) print k ": " m[k]
	}' "$tmp/bysym" | sort |
		if [ "$markdown" = 1 ]; then sed 's/^/* /'; else sed 's/^/    /'; fi
fi

# ---- 1e. the other direction ----------------------------------------------
# What mm/slub.o and mm/slab_common.o take from the rest of the kernel, by
# the object that defines it; "=" marks a symbol lib/libslab/'s objects
# reference too (when this build has them).
(cd "$build" && "$NM_CMD" -u mm/slub.o mm/slab_common.o) | awk 'NF == 2 { print $2 }' |
	sort -u > "$tmp/slub_undef"
(cd "$build" && "$NM_CMD" -A -g --defined-only "${archives[@]}" 2>/dev/null) |
	awk '{ f = $1; sub(/:[0-9a-fA-F]+$/, "", f); n = split(f, p, ":"); print $NF, p[n] }' |
	sort -u -k1,1 > "$tmp/all_defs"
ggrep -E '^lib/libslab/' "$tmp/undef" | awk '{ print $2 }' | sort -u > "$tmp/lslab_undef"
join "$tmp/slub_undef" "$tmp/all_defs" |
	awk -v l="$tmp/lslab_undef" 'BEGIN { while ((getline x < l) > 0) u[x] = 1 }
		{ print $2, $1 ((($1) in u) ? "=" : "") }' | sort -k1,1 -k2,2 > "$tmp/imports"
nimp=$(wc -l < "$tmp/slub_undef")
nres=$(wc -l < "$tmp/imports")
h "###" "What mm/slub.o and mm/slab_common.o use from the rest of the kernel"
echo "$nimp undefined symbols, $((nimp - nres)) of them defined by no object read here"
echo "(the linker script, or a config's stub); by defining object.  name= : the"
echo "build's lib/libslab/ objects reference it too."
if [ "$markdown" = 1 ]; then
	echo
	echo "| defined in | symbols |"
	echo "|---|---|"
	awk '{ n = $2; gsub(/_/, "\\_", n)
		if ($1 != f) { if (f != "") print "| `" f "` | " line " |"; f = $1; line = n }
		else line = line ", " n
	} END { if (f != "") print "| `" f "` | " line " |" }' "$tmp/imports"
else
	awk '{ if ($1 != f) { if (f != "") print line; f = $1; line = "    " $1 ":" }
		line = line " " $2 } END { if (f != "") print line }' "$tmp/imports"
fi
if [ "$nimp" -gt "$nres" ]; then
	echo
	nodef=$(join -v1 "$tmp/slub_undef" "$tmp/all_defs" | tr '\n' ' ')
	echo "Not defined by an object read here: ${nodef% }"
fi

# ---- 1f. names the core and the rest of the kernel would both define -----
# The build's lib/libslab/ globals, lslab_ taken off: those that an object
# other than mm/slub.o and mm/slab_common.o defines too, under the same
# name, NAME_noprof or __NAME_noprof.  Replacing SLUB, the kernel build
# must keep the kernel's definition of these.
(cd "$build" && "$NM_CMD" -A -g --defined-only "${archives[@]}" 2>/dev/null) |
	awk '{ f = $1; sub(/:[0-9a-fA-F]+$/, "", f); n = split(f, p, ":"); print $NF, p[n] }' |
	awk '$2 ~ /^lib\/libslab\// && $1 ~ /^lslab_/ { sub(/^lslab_/, "", $1); print $1 }' |
	sort -u > "$tmp/lslab_names"
if [ -s "$tmp/lslab_names" ]; then
	awk '$2 !~ /^(lib\/libslab\/|mm\/slub\.o$|mm\/slab_common\.o$)/' "$tmp/all_defs" > "$tmp/kernel_defs"
	awk -v k="$tmp/kernel_defs" 'BEGIN { while ((getline l < k) > 0) { split(l, w, " "); d[w[1]] = w[2] } }
		{
			for (i = 1; i <= 3; i++) {
				v = (i == 1 ? $1 : i == 2 ? $1 "_noprof" : "__" $1 "_noprof")
				if (v in d) print d[v], $1 (v == $1 ? "" : "(" v ")")
			}
		}' "$tmp/lslab_names" | sort > "$tmp/dups"
	h "###" "Names libslab's core defines that the rest of the kernel defines too"
	echo "$(wc -l < "$tmp/lslab_names") lslab_ globals in lib/libslab/; $(wc -l < "$tmp/dups") of them,"
	echo "without the prefix, are defined by another object (or as NAME_noprof):"
	[ "$markdown" = 1 ] && echo
	awk -v md="$markdown" '{
		n = (md ? "`" $2 "`" : $2)
		if ($1 != f) { if (f != "") print line; f = $1; line = (md ? "* `" $1 "`:" : "    " $1 ":") }
		line = line " " n
	} END { if (f != "") print line }' "$tmp/dups"
fi

# ---- 2. and 3. from the source tree --------------------------------------
if [ -z "$srcdir" ]; then
	echo
	echo "(no source tree: give it as the second argument for the mm/slab.h, tracepoint and subsystem sections)"
	exit 0
fi

# The names mm/slab.h gives its includers: macros, functions (inline or
# declared), types, declared variables.
slab_h=$srcdir/mm/slab.h
{
	sed -nE 's/^#[ \t]*define[ \t]+([A-Za-z_][A-Za-z0-9_]*).*/\1/p' "$slab_h" |
		grep -v -e '^MM_SLAB_H$' -e '^SLAB_MATCH$'
	# an identifier followed by "(" on a line at column 0, or after a
	# "static inline ... \n" return-type line
	sed -nE 's/^([A-Za-z_][^(=;]*[^A-Za-z0-9_(])?([A-Za-z_][A-Za-z0-9_]*)\(.*/\2/p' "$slab_h" |
		grep -vE '^(static_assert|SLAB_MATCH|DECLARE_STATIC_KEY_(TRUE|FALSE)|IS_ALIGNED|offsetof|defined)$'
	sed -nE 's/^DECLARE_STATIC_KEY_(TRUE|FALSE)\(([A-Za-z_][A-Za-z0-9_]*)\).*/\2/p' "$slab_h"
	sed -nE 's/^(extern[ \t]+)?(const[ \t]+)?(struct|enum|union)[ \t]+([A-Za-z_][A-Za-z0-9_]*).*/\3 \4/p' "$slab_h" |
		grep -vE '^(struct (seq_file|file|kmem_cache_node|kmem_cache_cpu|kmem_cache_args|list_lru|slabobj_ext|mutex|list_head))$'
	sed -nE 's/^extern[ \t]+.*[^A-Za-z0-9_]\**([A-Za-z_][A-Za-z0-9_]*)(\[[^]]*\])?;.*/\1/p' "$slab_h"
	sed -nE 's/^typedef[ \t].*[^A-Za-z0-9_]([A-Za-z_][A-Za-z0-9_]*);/\1/p; s/^\}[ \t]*([A-Za-z_][A-Za-z0-9_]*);/\1/p' "$slab_h"
} | sort -u > "$tmp/slabh_names"

# The members of a struct in a header, with those of a macro that the
# struct body names alone on a line (src/slab.h's SLAB_COUNTERS).
fields_of() {	# tag header
	awk -v tag="$1" '
		function member(l) {
			sub(/\\$/, "", l)
			sub(/\/\*.*/, "", l); sub(/\/\/.*/, "", l)
			if (l ~ /\(\*[A-Za-z_][A-Za-z0-9_]*\)/) {
				match(l, /\(\*[A-Za-z_][A-Za-z0-9_]*\)/)
				print substr(l, RSTART + 2, RLENGTH - 3)
				return
			}
			if (l !~ /;/)
				return
			sub(/[ \t]*(:[ \t]*[0-9]+)?[ \t]*(\[[^]]*\])?[ \t]*;.*/, "", l)
			if (match(l, /[A-Za-z_][A-Za-z0-9_]*$/))
				print substr(l, RSTART)
		}
		mac != "" { body[mac] = body[mac] "\n" $0; if ($0 !~ /\\$/) mac = ""; next }
		/^#[ \t]*define[ \t]+[A-Za-z_][A-Za-z0-9_]*[ \t]*\\$/ {
			mac = $0
			sub(/^#[ \t]*define[ \t]+/, "", mac); sub(/[ \t]*\\$/, "", mac)
			next
		}
		$0 ~ "^struct " tag " \\{" { in_s = 1; next }
		in_s && /^\};/ { in_s = 0 }
		in_s && !/^#/ {
			if (match($0, /^[ \t]*[A-Za-z_][A-Za-z0-9_]*;/)) {
				m = $0; gsub(/[ \t;]/, "", m)
				if (m in body) {
					n = split(body[m], ls, "\n")
					for (i = 1; i <= n; i++) member(ls[i])
					next
				}
			}
			member($0)
		}' "$2" | sort -u
}
fields_of slab "$slab_h" > "$tmp/f_slab"
fields_of kmem_cache "$slab_h" > "$tmp/f_cache"
fields_of slab "$REPO/src/slab.h" > "$tmp/f_slab_src"
fields_of kmem_cache "$REPO/src/slab.h" > "$tmp/f_cache_src"
# What src/ has for mm/slab.h's names: the counterparts of section 1, and
# the struct, union and enum types src/ defines.
sort -u "$tmp/cp_src" "$tmp/cp_map" "$tmp/cp_list" > "$tmp/cp_all"
find "$REPO/src" -name '*.[ch]' -print0 | sort -z |
	xargs -0 sed -nE 's/^(struct|union|enum)[ \t]+([A-Za-z_][A-Za-z0-9_]*)[ \t]*\{.*/\1 \2/p' |
	sort -u >> "$tmp/cp_all"
sort -u -o "$tmp/cp_all" "$tmp/cp_all"

# The includers: a file whose #include "..." resolves to mm/slab.h, or to
# a header that does, transitively.  Paths relative to the source tree.
includers_of() {	# header -> "file header" for each file including it
	local target=$1 base f inc dir

	base=$(basename "$target")
	(cd "$srcdir" && grep -rlE --include='*.[ch]' --exclude-dir=tools \
		--exclude-dir=Documentation --exclude-dir=scripts \
		"^[ \t]*#[ \t]*include[ \t]*\"([^\"]*/)?${base//./\\.}\"" . 2>/dev/null |
		sed 's|^\./||' | sort) |
		while read -r f; do
			dir=$(dirname "$f")
			sed -nE 's/^[ \t]*#[ \t]*include[ \t]*"([^"]+)".*/\1/p' "$srcdir/$f" |
				while read -r inc; do
					[ -f "$srcdir/$dir/$inc" ] || continue
					if [ "$(realpath -m --relative-to="$srcdir" "$srcdir/$dir/$inc")" = "$target" ]; then
						echo "$f $target"
						break
					fi
				done
		done
}
: > "$tmp/users_via"
todo=(mm/slab.h)
while [ ${#todo[@]} -gt 0 ]; do
	t=${todo[0]}
	todo=("${todo[@]:1}")
	while read -r f via; do
		grep -q "^$f " "$tmp/users_via" && continue
		[ "$via" = mm/slab.h ] && via=direct
		echo "$f $via" >> "$tmp/users_via"
		case $f in *.h) todo+=("$f") ;; esac
	done < <(includers_of "$t")
done
sort -u "$tmp/users_via" > "$tmp/users_sorted"

h "###" "The mm/slab.h contract: its includers outside mm/slub.c and mm/slab_common.c"
echo "Names are mm/slab.h's macros, functions, types and declared variables that"
echo "the file names; fields are struct slab (s.) and struct kmem_cache (c.) members"
echo "read through variables of those types (a heuristic: review by reading)."
if [ "$markdown" = 1 ]; then
	echo "A name without a counterpart in src/ (section 1's rule; for a type: src/"
	echo "defines it), or a field src/'s struct lacks, is in **bold**."
else
	echo "!name: no counterpart in src/ (section 1's rule; for a type: src/ defines"
	echo "it); !field: src/'s struct of that name lacks the field."
fi
# A C file without its comments and the contents of its strings, so that
# the names found in it are code.
without_comments_and_strings() {
	sed -E 's://.*$::' "$1" |
		awk '{ line = $0
			while (1) {
				if (inc) { e = index(line, "*/"); if (!e) { line = ""; break }
					line = substr(line, e + 2); inc = 0 }
				b = index(line, "/*"); if (!b) break
				out = out substr(line, 1, b - 1); line = substr(line, b + 2); inc = 1
			}
			print out line; out = "" }' |
		sed -E 's/"([^"\\]|\\.)*"/""/g'
}

if [ "$markdown" = 1 ]; then
	echo
	echo "| file | via | mm/slab.h names | fields |"
	echo "|---|---|---|---|"
fi
while read -r f via; do
	case $f in mm/slub.c | mm/slab_common.c | lib/libslab/* | mm/slub_oracle*) continue ;; esac
	without_comments_and_strings "$srcdir/$f" > "$tmp/body"
	# plain names outside "struct x", then the tagged types
	{ sed -E 's/(struct|union|enum)[ \t]+[A-Za-z_][A-Za-z0-9_]*//g' "$tmp/body" |
		ggrep -owE '[A-Za-z_][A-Za-z0-9_]*' | sort -u |
		comm -12 - <(ggrep -v ' ' "$tmp/slabh_names")
	ggrep ' ' "$tmp/slabh_names" | while read -r tag name; do
		if grep -qwE "${tag}[ \t]+${name}" "$tmp/body"; then echo "$tag $name"; fi
	done; } > "$tmp/used"
	# variables declared as struct slab * / struct kmem_cache *
	vs=$(ggrep -oE 'struct slab[ \t]*\*[ \t]*(const[ \t]+)?[A-Za-z_][A-Za-z0-9_]*' "$tmp/body" |
		sed -E 's/.*[^A-Za-z0-9_]//' | sort -u | tr '\n' '|')
	vc=$(ggrep -oE 'struct kmem_cache[ \t]*\*[ \t]*(const[ \t]+)?[A-Za-z_][A-Za-z0-9_]*' "$tmp/body" |
		sed -E 's/.*[^A-Za-z0-9_]//' | sort -u | tr '\n' '|')
	{
		if [ -n "$vs" ]; then
			ggrep -oE "(^|[^A-Za-z0-9_>.])(${vs%|})->[A-Za-z_][A-Za-z0-9_]*" "$tmp/body" |
				sed -E 's/.*->//' | sort -u | comm -12 - "$tmp/f_slab" |
				awk -v src="$tmp/f_slab_src" 'BEGIN { while ((getline l < src) > 0) h[l] = 1 }
					{ print "s." $1, ($1 in h) }'
		fi
		{ ggrep -oE 'slab_cache->[A-Za-z_][A-Za-z0-9_]*' "$tmp/body"
		if [ -n "$vc" ]; then
			ggrep -oE "(^|[^A-Za-z0-9_>.])(${vc%|})->[A-Za-z_][A-Za-z0-9_]*" "$tmp/body"
		fi; } | sed -E 's/.*->//' | sort -u | comm -12 - "$tmp/f_cache" |
			awk -v src="$tmp/f_cache_src" 'BEGIN { while ((getline l < src) > 0) h[l] = 1 }
				{ print "c." $1, ($1 in h) }'
	} > "$tmp/fields"
	# a name or field that src/ lacks: "!name" (plain) or **name** (markdown)
	fmt() {	# file of "item has" lines
		awk -v md="$markdown" '{
			item = $0; has = 1
			if ($NF == "0" || $NF == "1") { has = $NF; sub(/ [01]$/, "", item) }
			if (md) { gsub(/_/, "\\_", item); if (!has) item = "**" item "**" }
			else if (!has) item = "!" item
			out = out (NR > 1 ? ", " : "") item
		} END { print out }' "$1"
	}
	awk -v cp="$tmp/cp_all" 'BEGIN { while ((getline l < cp) > 0) h[l] = 1 }
		{ print $0, ($0 in h) }' "$tmp/used" > "$tmp/used_marked"
	names=$(fmt "$tmp/used_marked")
	fields=$(fmt "$tmp/fields")
	if [ "$markdown" = 1 ]; then
		# shellcheck disable=SC2016 # backquotes for markdown
		printf '| `%s` | %s | %s | %s |\n' "$f" "$via" "$names" "$fields"
	else
		printf '%s (%s)\n    names:  %s\n    fields: %s\n' "$f" "$via" "$names" "$fields"
	fi
done < "$tmp/users_sorted"

# The kernel's own test of a slab page: who asks whether a folio or page
# is a slab (the PGTY_slab page type), outside the pair and mm/slab.h.
pgty=$(cd "$srcdir" && ggrep -rlwE --include='*.[ch]' --exclude-dir=tools \
	--exclude-dir=Documentation --exclude-dir=scripts \
	'folio_test_slab|PageSlab|__folio_set_slab|__folio_clear_slab|PGTY_slab' . |
	sed 's|^\./||' | ggrep -vE '^(mm/slub\.c|mm/slab_common\.c|mm/slab\.h|lib/libslab/.*|mm/slub_oracle.*)$' |
	sort | tr '\n' ' ')
pgty=${pgty% }
echo
echo "Files that test or set the kernel's slab page type (folio_test_slab, PageSlab,"
echo "__folio_set_slab, PGTY_slab), $(wc -w <<< "$pgty") of them: ${q}${pgty// /${q}, ${q}}${q}"

# ---- 3. the kmem tracepoints --------------------------------------------
kmem_h=$srcdir/include/trace/events/kmem.h
creators=$(cd "$srcdir" && ggrep -rlE --include='*.c' '^#define CREATE_TRACE_POINTS' mm kernel lib |
	while read -r f; do
		if awk '/^#define CREATE_TRACE_POINTS/ { c = 1; next }
			c && /#include <trace\/events\/kmem.h>/ { found = 1 }
			c && /#include/ { c = 0 }
			END { exit !found }' "$f"; then
			echo "$f"
		fi
	done | tr '\n' ' ')
h "###" "The kmem trace events (include/trace/events/kmem.h)"
echo "Instantiated by ${q}CREATE_TRACE_POINTS${q} in: ${q}${creators% }${q}"
echo
[ "$markdown" = 1 ] && { echo "| event | emitted by (source) | referenced by (objects) |"; echo "|---|---|---|"; }
sed -nE 's/^TRACE_EVENT\(([A-Za-z_0-9]+).*/\1/p; s/^DEFINE_EVENT\([A-Za-z_0-9]+, *([A-Za-z_0-9]+).*/\1/p' "$kmem_h" |
	while read -r ev; do
		emit=$(cd "$srcdir" && ggrep -rlwE --include='*.[ch]' "trace_${ev}(_enabled)?" \
			--exclude-dir=tools --exclude-dir=Documentation . |
			sed 's|^\./||' | ggrep -v '^lib/libslab/' | sort | tr '\n' ' ')
		objs=$(awk -v e="$ev" '$4 == "trace" && $7 == "kernel" && $2 == "__tracepoint_" e { print $1 }' \
			"$tmp/rows" | sort -u | tr '\n' ' ')
		if [ "$markdown" = 1 ]; then
			# shellcheck disable=SC2016 # backquotes for markdown
			printf '| `%s` | %s | %s |\n' "$ev" "${emit% }" "${objs% }"
		else
			emit=${emit% }; objs=${objs% }
			printf '    %-36s emitted by:    %s\n    %-36s other objects: %s\n' "$ev" "${emit:-none}" "" "${objs:-none in this build}"
		fi
	done


# ---- 4. what SLUB calls, by the subsystem a replacement must serve -------
# From the source of mm/slub.c, mm/slab_common.c and mm/slab.h (comments
# and strings dropped): the identifiers each subsystem gives them.
for f in mm/slub.c mm/slab_common.c mm/slab.h; do
	without_comments_and_strings "$srcdir/$f"
done > "$tmp/slub_body"
h "###" "What mm/slub.c, mm/slab_common.c and mm/slab.h call, by subsystem (source)"
[ "$markdown" = 1 ] && { echo "| subsystem | identifiers |"; echo "|---|---|"; }
while IFS='|' read -r what re; do
	ids=$(ggrep -owE "$re" "$tmp/slub_body" | sort -u | tr '\n' ' ')
	ids=${ids% }
	if [ "$markdown" = 1 ]; then
		ids=${ids// /, }
		printf '| %s | %s |\n' "$what" "${ids//_/\\_}"
	else
		printf '    %-22s %s\n' "$what:" "${ids:-none}"
	fi
done <<'EOF'
KASAN|(__)?kasan_[a-z0-9_]+|SLAB_KASAN
KFENCE|(__)?kfence_[a-z0-9_]+|is_kfence_address
KMSAN|(__no_)?kmsan_[a-z0-9_]+
kmemleak|kmemleak_[a-z0-9_]+|SLAB_NOLEAKTRACE
memcg, SLAB_OBJ_EXT|(__)?memcg_[a-z0-9_]+|mem_cgroup_[a-z0-9_]+|obj_cgroup_[a-z0-9_]+|(alloc|free|init|mark|handle_failed)_(slab_)?obj_exts?[a-z0-9_]*|slab_obj_exts|slabobj_ext|obj_exts|OBJEXTS_[A-Z_]+|MEMCG_DATA_[A-Z_]+|__GFP_NO_OBJ_EXT|SLAB_NO_OBJ_EXT|KMALLOC_CGROUP|need_kmalloc_no_objext
allocation profiling|(__)?alloc_tag[a-z0-9_]*|alloc_tagging_[a-z0-9_]+|mem_alloc_profiling_[a-z0-9_]+|pgalloc_tag_[a-z0-9_]+|codetag[a-z0-9_]*
sysfs|sysfs_[a-z0-9_]+|kobject_[a-z0-9_]+|kset_[a-z0-9_]+|slab_kset|SLAB_SUPPORTS_SYSFS
debugfs|debugfs_[a-z0-9_]+
PREEMPT_RT|CONFIG_PREEMPT_RT|preempt_model_rt|local_lock[a-z_]*|local_unlock[a-z_]*|USE_LOCKLESS_FAST_PATH|in_nmi|lockdep_assert_irqs_disabled
memory hotplug|slab_memory_callback|slab_mem_[a-z_]+|memory_notify|MEM_[A-Z_]*LINE|hotplug_memory_notifier|SLAB_CALLBACK_PRI
DEBUG_PAGEALLOC|debug_pagealloc_[a-z_]+|__kernel_map_pages
CPU hotplug|cpuhp_[a-z_]+|CPUHP_[A-Z_]+|slub_cpu_dead
vmstat, meminfo|mod_node_page_state|mod_lruvec_[a-z_]+|lruvec_stat_[a-z_]+|NR_SLAB_[A-Z_]+|(un)?account_slab|cache_vmstat_idx
tracepoints|trace_(kmalloc|kfree|kmem_[a-z_]+|mm_[a-z_]+|rss_stat)|CREATE_TRACE_POINTS|EXPORT_TRACEPOINT_SYMBOL
proc/slabinfo|proc_create[a-z_]*|slabinfo_[a-z_]+|print_slabinfo_header|dump_unreclaimable_slab
hardened usercopy|__check_heap_object|usercopy_abort|usercopy_warn|useroffset|usersize
EOF
params=$(sed -nE 's/.*(__setup|__setup_param|early_param)\("([^"]+)".*/\2/p' \
	"$srcdir/mm/slub.c" "$srcdir/mm/slab_common.c" | sort -u | tr '\n' ' ')
echo
echo "Boot parameters (${q}__setup${q}, ${q}__setup_param${q}, ${q}early_param${q}): ${q}${params% }${q}"

# ---- 5. the exports --------------------------------------------------------
# EXPORT_SYMBOL*() of mm/slub.c and mm/slab_common.c: a module may use any,
# whether or not an object of this build references it.
sed -nE 's/^EXPORT_SYMBOL(_GPL)?\(([A-Za-z_][A-Za-z0-9_]*)\);.*/\2/p' \
	"$srcdir/mm/slub.c" "$srcdir/mm/slab_common.c" | sort -u > "$tmp/exports"
awk -v cp="$tmp/cp_all" -v by="$tmp/bysym" -v q="$q" '
	BEGIN {
		while ((getline l < cp) > 0) h[l] = 1
		while ((getline l < by) > 0) { split(l, w, " "); r[w[1]] = 1 }
	}
	{
		n = q $1 q
		if (!($1 in h)) n = n " (missing)"
		if ($1 in r) used = used (used == "" ? "" : ", ") n
		else unused = unused (unused == "" ? "" : ", ") n
	}
	END {
		print "Referenced by an object of this build: " (used == "" ? "none" : used) "."
		print ""
		print "Referenced by none here (a module may): " (unused == "" ? "none" : unused) "."
	}' "$tmp/exports" > "$tmp/exports_out"
h "###" "The exports of mm/slub.c and mm/slab_common.c ($(wc -l < "$tmp/exports"))"
cat "$tmp/exports_out"
