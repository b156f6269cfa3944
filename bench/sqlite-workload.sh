# shellcheck shell=bash
# The sqlite3 workload of bench/real-programs.sh and
# tests/preload/real-programs-check.sh.  Source this file.

# Print the workload for an in-memory table of $1 rows: built, indexed,
# grouped, sorted, joined, updated and deleted from.
sqlite_workload() {
	local rows=$1

	cat <<EOF_SQL
PRAGMA cache_size=-400000;
CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, grp INTEGER, payload BLOB);
WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < $rows)
INSERT INTO t SELECT x, printf('name-%08d', (x * 7919) % $rows), x % 97,
	zeroblob(x % 300) FROM c;
CREATE INDEX t_name ON t(name);
SELECT grp, count(*), sum(length(payload)), max(name) FROM t
	GROUP BY grp ORDER BY grp LIMIT 5;
SELECT name FROM t ORDER BY name DESC LIMIT 3;
SELECT count(*) FROM t a JOIN t b ON a.name = b.name WHERE a.grp < 10;
UPDATE t SET name = name || '-x' WHERE id % 3 = 0;
DELETE FROM t WHERE id % 5 = 0;
SELECT count(*), sum(length(name)) FROM t;
EOF_SQL
}
