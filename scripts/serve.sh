#!/bin/sh
# `npm start` after the builds: the bundled server, as the process itself (exec), with glibc's
# allocator told to give memory back. V8 compiles PGlite's WebAssembly in background threads
# whose scratch memory (blocks of up to 64 KB) glibc keeps in per-thread arenas once freed:
# ~80 MB of the idle server's RSS was free memory held that way. Blocks from 32 KB up now come
# from mmap and return on free, and two arenas at most share the rest. (A process started some
# other way serves the same, only with more memory.)
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-32768}"
# A young generation of up to 3 x 32 MB (V8's default semi-space: 16 MB): a page of ideas
# allocates a few hundred KB, and with the default the scavenger ran often enough to cost 9 %
# of the server's CPU on the bench's page reads and to promote short-lived answers; with it,
# 12 to 15 % more pages/s (bench/README.md). It grows only under load: the idle server keeps
# its size. NODE_SEMI_SPACE_MB sets another size.
exec node --max-semi-space-size="${NODE_SEMI_SPACE_MB:-32}" "$@" dist/server/main.js
