"""Set before anything imports pygame or gpiozero (DESIGN.md, testing).

Tests never open a real window or touch real pins: SDL renders to memory and
gpiozero uses its mock pin factory. A test that wants a real window (the Xvfb
test) starts its own process and gives it its own environment.
"""

import os
import resource
import sys
from collections.abc import Generator

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Hypothesis judges a property, never a speed (speed is `tressette bench`'s business): on a
# loaded 2-core runner one example can take seconds, and the default 200 ms deadline and the
# too-slow health check then fail a test whose property holds.
import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile(
    "box", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("box")


# The tests that take seconds each (a window on Xvfb, a browser, an attack at full size) run in
# two lanes: half at the front of the collection, half where the second worker's run begins.
# xdist's worksteal hands each worker a contiguous run of the collection (the first N // n tests,
# then half the rest, ...), and a worker that runs out steals from the end of the longest queue.
# In one lane (all at the front), the first worker spent 314 of a 323 s run on them one after
# another, about half of it waiting on windows and browsers: the suite could end no sooner,
# whatever the other tests cost. In two lanes (timelines of two runs): 166-191 s on one worker,
# the rest on the other two, and all three workers end within 2 s of each other, bound by the CPU.
# Alone (no xdist) the order stays as written.
LONG_MARKS = ("xvfb", "browser", "slow", "hostile")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if hasattr(config, "workerinput"):  # a pytest-xdist worker; every worker sorts alike
        items[:] = in_lanes(items, int(config.workerinput["workercount"]))


def in_lanes(items: list[pytest.Item], workers: int) -> list[pytest.Item]:
    """The collection with the long tests at the front of the first one or two workers' runs
    (alternately, as collected, so each lane has windows and browsers alike)."""
    long = [item for item in items if any(item.get_closest_marker(m) for m in LONG_MARKS)]
    short = [item for item in items if not any(item.get_closest_marker(m) for m in LONG_MARKS)]
    first_run = len(items) // workers  # worksteal's first handout
    if workers < 3 or len(long) < 2 or first_run < len(long):
        return long + short  # one lane: another worker stays free for the short tests
    lane_a, lane_b = long[0::2], long[1::2]
    fill = first_run - len(lane_a)
    return lane_a + short[:fill] + lane_b + short[fill:]


# ``pytest --cpu`` (also ``./scripts/test --cpu``): the CPU each test file and directory took,
# the test's own process and the child processes it waited for (a browser, Xvfb, the box as a
# process), setup and teardown included; with xdist, summed over the workers. Where a suite must
# stay under its minutes on 2 cores, the CPU is what to count: the wall time follows the load.
# A child reaped later (a process a test left behind) counts for the test that reaped it.
_CPU = pytest.StashKey[float]()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--cpu", action="store_true", help="list the CPU of the test files and directories at the end")


def _cpu_now() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, None, None]:
    if item.get_closest_marker("browser") is None:
        _stop_shared_browser()
    item.stash[_CPU] = _cpu_now()
    yield


# The phone tests' Chromium lives from one browser test to the next (tests/app/phones/browser.py);
# while it does, this thread's asyncio loop is Playwright's, so it stops before any other test.
# The browser tests lie together in their lane (above): a worker starts it once, and stops it once.
def _stop_shared_browser() -> None:
    shared = sys.modules.get("tests.app.phones.browser")
    if shared is not None:
        shared.close_shared_browser()


def pytest_sessionfinish() -> None:
    _stop_shared_browser()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    if call.when == "teardown" and _CPU in item.stash:
        item.user_properties.append(("cpu_s", round(_cpu_now() - item.stash[_CPU], 4)))
    return (yield)


class CpuTable:
    def __init__(self) -> None:
        self.files: dict[str, list[float]] = {}  # file -> [CPU seconds, tests]

    @pytest.hookimpl
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        cpu = dict(report.user_properties).get("cpu_s") if report.when == "teardown" else None
        if isinstance(cpu, float):
            row = self.files.setdefault(report.nodeid.split("::")[0], [0.0, 0])
            row[0] += cpu
            row[1] += 1

    @pytest.hookimpl
    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        dirs: dict[str, list[float]] = {}
        for name, (cpu, n) in self.files.items():
            row = dirs.setdefault(name.rpartition("/")[0], [0.0, 0])
            row[0] += cpu
            row[1] += n
        total = sum(cpu for cpu, _ in self.files.values())
        terminalreporter.write_sep("=", f"CPU of the tests: {total:.0f} s (user + sys, children reaped included)")
        for title, rows, top in (("directories", dirs, len(dirs)), ("files (the 30 most)", self.files, 30)):
            terminalreporter.write_line(f"-- {title}")
            for name, (cpu, n) in sorted(rows.items(), key=lambda kv: -kv[1][0])[:top]:
                terminalreporter.write_line(f"{cpu:8.1f} s {int(n):6d} tests  {name}")


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--cpu") and not hasattr(config, "workerinput"):  # the controller adds up
        config.pluginmanager.register(CpuTable(), "tressette-cpu-table")
