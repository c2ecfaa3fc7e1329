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
# throughput, 16 MB, so that its first start (initdb, migrations, the demo company) cannot grow
# the young generation and keep it. NODE_SEMI_SPACE_MB sets a size either way.
# On the embedded database, Node 24's V8 also compiles PGlite's WebAssembly with Liftoff only:
# its optimising tier (Turboshaft) takes some 600 MB for one large function of it (Node issue
# 63421). Peak RSS of a start on existing data (Node 24.21, two loaded cores): 753 MB by
# default, 197 MB with --liftoff-only --max-semi-space-size=16; a first start (initdb,
# migrations, the demo company) 1,090 MB and 618 MB; RSS after 600 requests 278 and 272 MB.
semi="${NODE_SEMI_SPACE_MB:-}"
if [ -n "${DATABASE_URL:-}" ]; then
  if [ -z "$semi" ]; then semi=32; fi
else
  if [ -z "$semi" ]; then semi=16; fi
  set -- --liftoff-only "$@"
fi
exec node ${semi:+--max-semi-space-size="$semi"} "$@" dist/server/main.js
