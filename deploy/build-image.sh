#!/usr/bin/env bash
# Builds Feedboard's image with buildah (no daemon; what CI uses):
#
#   bash deploy/build-image.sh [tag]          (default localhost/feedboard:latest)
#
# The base is NODE_IMAGE when set; else node:24-bookworm-slim when it is already in the local
# store or can be pulled; else a local stand-in made by deploy/base-image.sh (Debian bookworm by
# debootstrap plus the official Node 24 build from the npm registry). --isolation chroot: no
# user namespaces or cgroups needed, the host's network (the build installs from the npm
# registry). Prints the image's size.
set -euo pipefail
cd "$(dirname "$0")/.."

tag="${1:-localhost/feedboard:latest}"
base="${NODE_IMAGE:-}"
if [ -z "$base" ]; then
  if buildah inspect --type image docker.io/library/node:24-bookworm-slim >/dev/null 2>&1 \
    || timeout 60 buildah pull --quiet docker.io/library/node:24-bookworm-slim >/dev/null 2>&1; then
    base=docker.io/library/node:24-bookworm-slim
  else
    base=localhost/feedboard-node:24-bookworm
    bash deploy/base-image.sh "$base"
  fi
fi

# A TLS-inspecting network's certificate authority, for npm inside the build (a build secret).
secret=()
ca="${NODE_EXTRA_CA_CERTS:-$(npm config get cafile 2>/dev/null || true)}"
if [ -n "$ca" ] && [ "$ca" != null ] && [ -f "$ca" ]; then secret=(--secret "id=npm_ca,src=$ca"); fi

echo "building $tag on $base"
buildah bud --isolation chroot --format docker --layers --quiet --build-arg NODE_IMAGE="$base" "${secret[@]}" \
  -f deploy/Dockerfile -t "$tag" . >/dev/null
echo "image $tag: $(buildah images --format '{{.Size}}' "$tag")"
