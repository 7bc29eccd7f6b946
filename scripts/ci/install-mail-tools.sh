#!/usr/bin/env bash
# Installs Postfix, swaks and miltertest from Debian for the gateway end-to-end tests, and iproute2 (`ip`)
# for the SMTP peer-address test's private network namespace (test/reputation/peer-address.test.ts).
# Idempotent; "No configuration" leaves the system Postfix instance unconfigured and stopped,
# so the tests' private instances (postfix -c DIR) are the only ones that run.
set -euo pipefail
if command -v postfix >/dev/null && command -v swaks >/dev/null && command -v miltertest >/dev/null && command -v ip >/dev/null; then
  echo "mail tools already installed"
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
echo "postfix postfix/main_mailer_type select No configuration" | debconf-set-selections
apt-get install -y -qq --no-install-recommends postfix swaks miltertest iproute2 >/dev/null
echo "installed: $(postconf -d mail_version 2>/dev/null), swaks, miltertest"
