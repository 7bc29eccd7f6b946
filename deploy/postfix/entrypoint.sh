#!/bin/sh
set -eu
host=${PHISHGATE_FILTER%:*}
port=${PHISHGATE_FILTER##*:}
sed -e "s|__RELAYHOST__|${RELAYHOST:-}|" -e "s|__FILTER_HOST__|$host|" -e "s|__FILTER_PORT__|$port|" /etc/postfix/main.cf.tmpl > /etc/postfix/main.cf
grep -q '^scan ' /etc/postfix/master.cf || cat /etc/postfix/master.cf.append >> /etc/postfix/master.cf
exec postfix start-fg
