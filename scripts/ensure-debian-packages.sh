#!/usr/bin/env bash
# What the tests need from the system, installed from Debian's packages when missing (nothing to do otherwise):
# Chromium for the end-to-end journeys (driven by playwright-core: no browser download from a CDN) and
# bubblewrap, with which the models runner isolates every package build and run, and poppler-utils,
# whose pdftotext and pdfimages read back the data app exports' PDFs in the tests.
# Arguments: command:package pairs, e.g. /usr/bin/chromium:chromium bwrap:bubblewrap.
set -euo pipefail

missing=()
for pair in "$@"; do
  command_name=${pair%%:*}
  if command -v "$command_name" >/dev/null 2>&1; then
    echo "ensure-debian-packages: $command_name is present ($("$command_name" --version 2>/dev/null | head -n 1 || echo 'version unknown'))"
  else
    missing+=("${pair#*:}")
  fi
done
[ "${#missing[@]}" -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-debian-packages: missing ${missing[*]} and apt-get is not available; install them" >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "ensure-debian-packages: missing ${missing[*]}; run 'apt-get install -y ${missing[*]}' as root" >&2
    exit 1
  fi
fi

echo "ensure-debian-packages: running: $SUDO apt-get update && $SUDO apt-get install -y ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends "${missing[@]}"

for pair in "$@"; do
  command_name=${pair%%:*}
  if ! command -v "$command_name" >/dev/null 2>&1; then
    echo "ensure-debian-packages: the ${pair#*:} package did not provide $command_name" >&2
    exit 1
  fi
done
echo "ensure-debian-packages: installed ${missing[*]}"
