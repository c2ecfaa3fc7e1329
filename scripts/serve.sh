#!/bin/sh
# `npm start` after the builds: the bundled server, as the process itself (exec), with glibc's
# allocator told to give memory back. V8 compiles PGlite's WebAssembly in background threads
# whose scratch memory (blocks of up to 64 KB) glibc keeps in per-thread arenas once freed:
# ~80 MB of the idle server's RSS was free memory held that way. Blocks from 32 KB up now come
# from mmap and return on free, and two arenas at most share the rest. (A process started some
# other way serves the same, only with more memory.)
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-32768}"
# On a PostgreSQL server (DATABASE_URL), a young generation of up to 3 x 32 MB (V8's default
# semi-space: 16 MB): a page of ideas allocates a few hundred KB, and with the default the
# scavenger cost 9 % of the server's CPU on the bench's page reads; with it, 12 to 15 % more
# pages/s (bench/README.md). On the embedded database, where memory matters more than
# throughput, V8's default: its first start (initdb, migrations, the demo company) would grow
# the young generation and keep it. NODE_SEMI_SPACE_MB sets a size either way.
semi="${NODE_SEMI_SPACE_MB:-}"
if [ -z "$semi" ] && [ -n "${DATABASE_URL:-}" ]; then semi=32; fi
exec node ${semi:+--max-semi-space-size="$semi"} "$@" dist/server/main.js
