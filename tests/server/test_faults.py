"""Self-tests of the fault-injection tools in ``faults.py``, against a real Redis and PostgreSQL.

Each fault must really happen (a client fails) and really end (a new client works), and quickly: the
outage tests built on them count seconds.
"""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest
import redis
from sqlalchemy import create_engine, text
from sqlalchemy.exc import OperationalError

from tabletop.server.process import free_port, serving

from .faults import MACHINE_REDIS_PORT, RedisServer, TcpProxy, address_of, postgres_url_via, refuses

pytestmark = pytest.mark.slow


def test_a_private_redis_stops_and_starts_again_on_the_same_port() -> None:
    with RedisServer() as server:
        assert server.port != MACHINE_REDIS_PORT and server.url == f"redis://127.0.0.1:{server.port}/0"
        client = redis.Redis.from_url(server.url, socket_timeout=1, socket_connect_timeout=1, retry=None)
        assert client.ping()
        client.set("seat", "0")
        server.stop()
        assert refuses("127.0.0.1", server.port)
        with pytest.raises(redis.ConnectionError):
            client.ping()
        server.start()
        assert client.ping()
        assert client.get("seat") is None  # no persistence: a restarted Redis starts empty
        client.close()
    assert refuses("127.0.0.1", server.port) and not server.folder.exists()


def test_the_proxy_forwards_postgresql_and_a_cut_fails_it_quickly_until_restored(postgres_url: str) -> None:
    with TcpProxy(address_of(postgres_url)) as proxy:
        engine = create_engine(postgres_url_via(proxy, postgres_url, connect_timeout=2), pool_pre_ping=True)
        try:
            with engine.connect() as connection:
                assert connection.execute(text("select 1")).scalar() == 1
                assert proxy.connections == 1
            held = engine.connect()
            proxy.cut()
            assert proxy.connections == 0
            began = time.monotonic()
            with pytest.raises(OperationalError):
                held.execute(text("select 1"))  # a connection open through the cut
            with pytest.raises(OperationalError), engine.connect() as connection:
                connection.execute(text("select 1"))  # a new one
            assert time.monotonic() - began < 2
            held.close()
            proxy.restore()
            with engine.connect() as connection:
                assert connection.execute(text("select 1")).scalar() == 1
        finally:
            engine.dispose()


def test_a_logged_server_restarts_on_its_port_and_appends_to_its_log(tmp_path: Path) -> None:
    log, port, db = tmp_path / "server.log", free_port(), f"sqlite:///{tmp_path / 'live.db'}"
    for _ in range(2):
        with serving(db, bot_workers=0, log=log, port=port, args=["--compress"]) as (base, _):
            assert base == f"http://127.0.0.1:{port}"
            assert httpx.get(f"{base}/api/games").status_code == 200
    said = log.read_text()
    assert said.count(f"tabletop is at http://localhost:{port}/") == 2  # stdout, from both runs
    assert "Uvicorn running on" in said  # stderr
