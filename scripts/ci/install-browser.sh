#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests (console, self-service page). playwright-core drives it through
# its executablePath; playwright's own browser download cannot work on machines without internet. Idempotent.
set -euo pipefail
if command -v chromium >/dev/null; then
  echo "chromium already installed: $(chromium --version 2>/dev/null)"
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
echo "installed: $(chromium --version 2>/dev/null)"
