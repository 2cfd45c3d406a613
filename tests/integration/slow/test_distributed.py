"""Simulation sharded on a Dask cluster (a LocalCluster of two worker processes): the same per-deal arrays and
totals as a local run for every table the engine plays, a worker — or every worker at once — killed mid-run
changes nothing, Ctrl-C returns
the deals done, and bad addresses or rulesets are refused clearly."""

from __future__ import annotations

import os
import signal

import distributed  # in the test extra: a missing package fails this tier, it is not skipped
import numpy as np
import pytest

import mjcore
import mjcore.sim.distributed
import mjcore.reference
from mjcore.errors import ClusterError, InvalidArgumentError, RulesetError

RANDOM = ("random",) * 4
EFFICIENCY = ("efficiency",) * 4


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as connected:  # fmt: skip
        yield connected


def assert_identical(result: mjcore.SimulationResult, expected: mjcore.SimulationResult) -> None:
    assert result == expected  # ruleset, bots, runs and totals
    assert result.runs == expected.runs and result.totals == expected.totals
    assert (result.per_deal is None) == (expected.per_deal is None)
    if expected.per_deal is not None:
        assert set(result.per_deal) == set(expected.per_deal)
        for name, column in expected.per_deal.items():
            assert result[name].dtype == column.dtype and np.array_equal(result[name], column), name


@pytest.mark.parametrize("ruleset", mjcore.rulesets("guangdong"))
def test_a_sharded_run_is_identical_to_a_local_run(client, ruleset):
    local = mjcore.simulate(ruleset, 2_500, seed=11, bots=RANDOM, deal_offset=300)
    sharded = mjcore.simulate(ruleset, 2_500, seed=11, bots=RANDOM, deal_offset=300, cluster=client,
                              shard_deals=333)  # fmt: skip
    assert_identical(sharded, local)
    assert not sharded.interrupted


def test_efficiency_bots_and_totals_only(client):
    local = mjcore.simulate("gd-qq3", 600, seed=5, bots=EFFICIENCY, per_deal=False)
    sharded = mjcore.simulate("gd-qq3", 600, seed=5, bots=EFFICIENCY, per_deal=False, cluster=client,
                              shard_deals=70)  # fmt: skip
    assert_identical(sharded, local)


def test_the_automatic_shard_size_and_one_shard(client):
    local = mjcore.simulate("gd-cgc5", 400, seed=2, bots=RANDOM)
    assert_identical(mjcore.simulate("gd-cgc5", 400, seed=2, bots=RANDOM, cluster=client), local)
    assert_identical(mjcore.simulate("gd-cgc5", 400, seed=2, bots=RANDOM, cluster=client, shard_deals=10**6), local)
    assert mjcore.sim.distributed.default_shard_deals(10**7, 2) == 50_000
    assert mjcore.sim.distributed.default_shard_deals(100, 2) == 7
    assert mjcore.sim.distributed.cluster_shards(5, 12, 3) == [(5, 8), (8, 11), (11, 12)]


def test_the_pure_python_twin_shards_the_same_way(client):
    local = mjcore.reference.simulate("gd-cgc5", 12, seed=4, bots=RANDOM)
    sharded = mjcore.reference.simulate("gd-cgc5", 12, seed=4, bots=RANDOM, cluster=client, shard_deals=5)
    assert_identical(sharded, local)


def test_a_worker_killed_mid_run_changes_nothing(client):
    local = mjcore.simulate("gd-cgc5", 16_000, seed=8, bots=EFFICIENCY)
    pids = client.run(os.getpid)
    victim = sorted(pids.values())[0]
    seen: list[int] = []

    def kill_after_the_first_shard(done: int, total: int, seconds: float) -> None:
        seen.append(done)
        if len(seen) == 1:
            os.kill(victim, signal.SIGKILL)

    sharded = mjcore.simulate("gd-cgc5", 16_000, seed=8, bots=EFFICIENCY, cluster=client, shard_deals=400,
                              progress=kill_after_the_first_shard)  # fmt: skip
    assert seen[0] < 16_000 and seen[-1] == 16_000  # the kill came while shards were still running
    assert_identical(sharded, local)
    client.wait_for_workers(2, timeout=60)  # the nanny restarts the killed process
    assert victim not in client.run(os.getpid).values()


def test_every_worker_killed_at_once_changes_nothing():
    """Both workers of a cluster killed at the same moment (their nannies restart them): the shards in flight are
    played again, the shards already gathered are kept, and the result is the local run's."""
    local = mjcore.simulate("gd-cgc5", 16_000, seed=8, bots=EFFICIENCY)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as own:  # fmt: skip
        victims = sorted(own.run(os.getpid).values())
        seen: list[int] = []

        def kill_every_worker_after_the_first_shard(done: int, total: int, seconds: float) -> None:
            seen.append(done)
            if len(seen) == 1:
                for pid in victims:
                    os.kill(pid, signal.SIGKILL)

        sharded = mjcore.simulate("gd-cgc5", 16_000, seed=8, bots=EFFICIENCY, cluster=own, shard_deals=400,
                                  progress=kill_every_worker_after_the_first_shard)  # fmt: skip
        assert seen[0] < 16_000 and seen[-1] == 16_000  # the kill came while shards were still running
        assert_identical(sharded, local)
        assert not sharded.interrupted
        assert not set(victims) & set(own.run(os.getpid).values())  # both processes were replaced


def _cancel_the_shards_in_flight(client) -> int:
    """Cancels, on the scheduler, every shard task of ``client`` still running: what the cluster does to a task
    it lost (the message the client gets is the same "cancelled")."""
    shards = [distributed.Future(key, client) for key in list(client.futures) if str(key).startswith("_play_shard")]
    client.cancel(shards)
    return len(shards)


def test_shards_the_cluster_cancels_are_played_again(client):
    local = mjcore.simulate("gd-cgc5", 3_000, seed=12, bots=RANDOM)
    cancelled: list[int] = []

    def cancel_once(done: int, total: int, seconds: float) -> None:
        if not cancelled:
            cancelled.append(_cancel_the_shards_in_flight(client))

    sharded = mjcore.simulate("gd-cgc5", 3_000, seed=12, bots=RANDOM, cluster=client, shard_deals=200,
                              progress=cancel_once)  # fmt: skip
    assert cancelled[0] >= 1  # the window was still full when the first shard came back
    assert_identical(sharded, local)
    assert not sharded.interrupted


def test_a_shard_lost_too_often_is_a_clear_error(client, monkeypatch):
    monkeypatch.setattr(mjcore.sim.distributed, "LOST_SHARD_RESUBMITS", 0)

    def cancel_every_time(done: int, total: int, seconds: float) -> None:
        _cancel_the_shards_in_flight(client)

    with pytest.raises(ClusterError, match=r"the cluster lost the shard of deals \d+\.\.\d+ 1 times; last: "
                                           r"FutureCancelledError"):  # fmt: skip
        mjcore.simulate("gd-cgc5", 3_000, seed=12, bots=RANDOM, cluster=client, shard_deals=200,
                        progress=cancel_every_time)  # fmt: skip


def test_ctrl_c_returns_the_deals_done(client):
    local = mjcore.simulate("gd-cgc5", 3_000, seed=9, bots=RANDOM)

    def interrupt(done: int, total: int, seconds: float) -> None:
        if done >= 600:
            raise KeyboardInterrupt

    partial = mjcore.simulate("gd-cgc5", 3_000, seed=9, bots=RANDOM, cluster=client, shard_deals=300,
                              progress=interrupt)  # fmt: skip
    assert partial.interrupted and 600 <= partial.deals < 3_000
    played = np.concatenate([np.arange(start, stop) for _, start, stop in partial.runs])
    assert len(played) == partial.deals
    for name in ("payments", "fan", "winners", "turns"):
        assert np.array_equal(partial[name], local[name][played]), name


def test_a_local_cluster_by_name():
    local = mjcore.simulate("gd-guigang", 500, seed=3, bots=RANDOM)
    assert_identical(mjcore.simulate("gd-guigang", 500, seed=3, bots=RANDOM, cluster="local:2", shard_deals=90),
                     local)  # fmt: skip


def test_bad_addresses_and_rulesets_are_refused(monkeypatch):
    monkeypatch.setattr(mjcore.sim.distributed, "CONNECT_SECONDS", 2)
    with pytest.raises(ClusterError, match="no Dask scheduler answered at 'tcp://127.0.0.1:9'"):
        mjcore.simulate("gd-cgc5", 10, bots=RANDOM, cluster="tcp://127.0.0.1:9")
    for bad in ("nonsense", "local:0", "local:x"):
        with pytest.raises(InvalidArgumentError, match="cluster"):
            mjcore.simulate("gd-cgc5", 10, bots=RANDOM, cluster=bad)
    with pytest.raises(InvalidArgumentError, match="cluster must be"):
        mjcore.simulate("gd-cgc5", 10, bots=RANDOM, cluster=42)
    with pytest.raises(RulesetError, match="no ruleset named 'gd-nope'"):  # refused before any cluster is asked
        mjcore.simulate("gd-nope", 10, bots=RANDOM, cluster="tcp://127.0.0.1:9")
    with pytest.raises(InvalidArgumentError, match="shard_deals must be"):
        mjcore.simulate("gd-cgc5", 10, bots=RANDOM, cluster="local:1", shard_deals=0)
    with pytest.raises(InvalidArgumentError, match="belong to cluster runs"):
        mjcore.simulate("gd-cgc5", 10, bots=RANDOM, shard_deals=5)


def test_a_scheduler_address_reached_over_tcp(tmp_path):
    """The README's recipe on loopback: ``dask scheduler`` and ``dask worker`` processes, then the address."""
    import json
    import subprocess
    import sys
    import time

    scheduler_file = tmp_path / "scheduler.json"
    dask = [sys.executable, "-m", "distributed.cli.dask_scheduler"]
    worker = [sys.executable, "-m", "distributed.cli.dask_worker"]
    processes = [subprocess.Popen(dask + ["--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                                          "--scheduler-file", str(scheduler_file)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while not scheduler_file.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        processes.append(subprocess.Popen(worker + ["--scheduler-file", str(scheduler_file), "--nthreads", "1",
                                                    "--no-dashboard"],
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))  # fmt: skip
        address = json.loads(scheduler_file.read_text())["address"]
        assert address.startswith("tcp://127.0.0.1:")
        with distributed.Client(address, timeout=30) as client:
            client.wait_for_workers(1, timeout=60)
        local = mjcore.simulate("gd-cgc5", 700, seed=6, bots=RANDOM)
        assert_identical(mjcore.simulate("gd-cgc5", 700, seed=6, bots=RANDOM, cluster=address, shard_deals=100),
                         local)  # fmt: skip
    finally:
        for process in reversed(processes):
            process.terminate()
            process.wait(timeout=30)
