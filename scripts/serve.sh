#!/bin/sh
# `npm start` after the builds: the bundled server, as the process itself (exec), with glibc's
# allocator told to give memory back. V8 compiles PGlite's WebAssembly in background threads
# whose scratch memory (blocks of up to 64 KB) glibc keeps in per-thread arenas once freed:
# ~80 MB of the idle server's RSS was free memory held that way. Blocks from 32 KB up now come
# from mmap and return on free, and two arenas at most share the rest. (A process started some
# other way serves the same, only with more memory.)
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-32768}"
exec node "$@" dist/server/main.js
