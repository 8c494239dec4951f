#!/bin/sh
# The services the tests talk to: PostgreSQL on 127.0.0.1:5432 and Redis on 127.0.0.1:6379.
# Uses what is already running; otherwise installs them from the system's packages (Debian/Ubuntu,
# apt) and starts them. Called by `make test`; the main job (`make play`) needs neither.
set -eu

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
        echo "services.sh: need root (or sudo) to install $*" >&2; exit 1; fi
}

port_open() {  # host port
    python3 -c "import socket,sys; s=socket.socket(); s.settimeout(1); sys.exit(s.connect_ex(('$1', $2)))"
}

apt_install() {
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

if ! port_open 127.0.0.1 5432; then
    echo "services.sh: starting PostgreSQL for the tests"
    command -v pg_ctlcluster >/dev/null || apt_install postgresql
    version=$(ls /etc/postgresql | sort -n | tail -1)
    as_root pg_ctlcluster "$version" main start || true
    for _ in $(seq 30); do port_open 127.0.0.1 5432 && break; sleep 1; done
    # the tests connect as postgres/postgres over TCP (Debian's default: password authentication)
    as_root su postgres -c "psql -q -c \"ALTER USER postgres PASSWORD 'postgres'\""
fi

if ! port_open 127.0.0.1 6379; then
    echo "services.sh: starting Redis for the tests"
    command -v redis-server >/dev/null || apt_install redis-server
    as_root redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no
    for _ in $(seq 30); do port_open 127.0.0.1 6379 && break; sleep 1; done
fi
