#!/usr/bin/env bash
# The models runner isolates every package build and run with bubblewrap (DESIGN §5). Install it from the
# distribution's packages when it is missing; nothing to do otherwise.
set -euo pipefail

if command -v bwrap >/dev/null 2>&1; then
  echo "ensure-bubblewrap: $(command -v bwrap) is present ($(bwrap --version 2>/dev/null || echo 'version unknown'))"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-bubblewrap: bwrap is missing and apt-get is not available; install bubblewrap" >&2
  exit 1
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "ensure-bubblewrap: bwrap is missing; run 'apt-get install -y bubblewrap' as root" >&2
    exit 1
  fi
fi

echo "ensure-bubblewrap: bwrap is missing; running: $SUDO apt-get update && $SUDO apt-get install -y bubblewrap"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends bubblewrap

if ! command -v bwrap >/dev/null 2>&1; then
  echo "ensure-bubblewrap: the bubblewrap package did not provide bwrap" >&2
  exit 1
fi
echo "ensure-bubblewrap: installed $(bwrap --version 2>/dev/null || echo bubblewrap)"
