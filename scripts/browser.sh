#!/bin/sh
# The browser the web tests drive: Debian's chromium at /usr/bin/chromium (Playwright for Python,
# already in the venv, launches it by path; no browser download from the Playwright CDN).
# Installs it with apt-get where missing. Called by `make test`; `make play` does not need it.
set -eu

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
        echo "browser.sh: need root (or sudo) to install $*" >&2; exit 1; fi
}

if [ ! -x /usr/bin/chromium ]; then
    echo "browser.sh: installing Debian's chromium for the browser tests"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        chromium fonts-dejavu-core >/dev/null
fi
