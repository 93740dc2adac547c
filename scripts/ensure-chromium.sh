#!/usr/bin/env bash
# The end-to-end suite drives Debian's Chromium through playwright-core (no browser download from a CDN).
# Install it from the distribution's packages when it is missing; nothing to do otherwise.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
  echo "ensure-chromium: $CHROMIUM is present ($("$CHROMIUM" --version 2>/dev/null || echo 'version unknown'))"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: $CHROMIUM is missing and apt-get is not available; install Chromium at $CHROMIUM" >&2
  exit 1
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "ensure-chromium: $CHROMIUM is missing; run 'apt-get install -y chromium' as root" >&2
    exit 1
  fi
fi

echo "ensure-chromium: $CHROMIUM is missing; running: $SUDO apt-get update && $SUDO apt-get install -y chromium"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends chromium

if [ ! -x "$CHROMIUM" ]; then
  echo "ensure-chromium: the chromium package did not provide $CHROMIUM" >&2
  exit 1
fi
echo "ensure-chromium: installed $("$CHROMIUM" --version 2>/dev/null || echo chromium)"
