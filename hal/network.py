"""The box's network: Wi-Fi networks in reach, joining one, its own hotspot.

The box joins a home's Wi-Fi, or opens a hotspot of its own, from the
touchscreen (docs/deploy.md, "The network"); nobody needs a laptop or a shell.
Three layers, like the reader's:

* small value types: :class:`WifiNetwork` (a network in reach),
  :class:`NetResult` (how an attempt ended, as a reason the screen can say),
  :class:`NetState` (disconnected / connecting / connected / hotspot);
* :class:`Network`, the interface, with two implementations:
  :class:`NmcliNetwork` asks the system's NetworkManager through its own
  command-line client ``nmcli`` (argument lists, never a shell; its terse,
  escaped output parsed by :func:`split_terse`), and :class:`SimNetwork`, the
  simulated double ``tressette sim`` and the tests use: made-up networks with
  strengths and locks, a password that is wrong unless it is
  :data:`SIM_PASSWORD`, a hotspot;
* :class:`NetworkWorker`, a thread that runs the blocking calls off the game
  loop and posts :data:`NetworkEvent` values into the program's one queue,
  like the reader's thread. Every call is bounded in time (``nmcli``'s own
  ``--wait`` and a subprocess timeout), and every failure becomes a
  :class:`NetResult` the screen says in words, never an exception.

The hotspot's name and passphrase are made on the box and kept
(:func:`hal.hotspot.hotspot_credentials`): the phone join screen shows them as a Wi-Fi QR
code (:func:`ui.netmodel.wifi_qr_text`).
"""

from __future__ import annotations

import contextlib
import logging
import os
import queue
import re
import subprocess
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal, Protocol

from hal.closing import Closing
from hal.hotspot import Hotspot, hotspot_channel
from hal.timing import Clock

log = logging.getLogger("hal.network")

# ------------------------------------------------------------------ values

ResultKind = Literal["connected", "wrong_password", "no_address", "not_found", "failed", "done"]
"""How an attempt ended: ``connected`` (with its address), the three reasons a
person can act on, ``failed`` (with NetworkManager's own words), ``done`` (a
forget or a hotspot closed)."""

StateKind = Literal["disconnected", "connecting", "connected", "hotspot", "unavailable"]
"""``unavailable``: no Wi-Fi here at all (no NetworkManager, no Wi-Fi device)."""


@dataclass(frozen=True, slots=True)
class WifiNetwork:
    """A network in reach: its name, its strength (0-100) and whether it asks a password."""

    ssid: str
    signal: int
    secured: bool
    in_use: bool = False


@dataclass(frozen=True, slots=True)
class NetResult:
    """How ``connect``, ``forget`` or the hotspot ended; ``detail`` is the system's own
    words for ``failed``, ``address`` the box's address once connected."""

    kind: ResultKind
    address: str = ""
    detail: str = ""

    @property
    def ok(self) -> bool:
        return self.kind in ("connected", "done")


@dataclass(frozen=True, slots=True)
class NetState:
    """Where the box's Wi-Fi is now: ``ssid`` of the network joined (or the hotspot's),
    ``address`` its IPv4 address, ``passphrase`` the hotspot's (empty otherwise)."""

    kind: StateKind = "disconnected"
    ssid: str = ""
    address: str = ""
    passphrase: str = ""
    detail: str = ""  # why it is unavailable


# ------------------------------------------------------------------ events


@dataclass(frozen=True, slots=True)
class NetworkScanned:
    """The networks in reach (strongest first) and the names of the known ones."""

    networks: tuple[WifiNetwork, ...]
    known: tuple[str, ...] = ()
    error: str = ""
    at: float = 0.0


@dataclass(frozen=True, slots=True)
class NetworkDone:
    """An attempt asked for ended: ``op`` (connect, forget, hotspot_up, hotspot_down) on ``ssid``."""

    op: str
    ssid: str
    result: NetResult
    at: float = 0.0


@dataclass(frozen=True, slots=True)
class NetworkChanged:
    """The box's network state now (after every attempt, and while it settles at boot)."""

    state: NetState
    at: float = 0.0


@dataclass(frozen=True, slots=True)
class NetworkBusy:
    """The worker started ``op`` on ``ssid`` (the screen shows it is at it)."""

    op: str
    ssid: str = ""
    at: float = 0.0


NetworkEvent = NetworkScanned | NetworkDone | NetworkChanged | NetworkBusy


# ------------------------------------------------------------------ the interface


class Network(Protocol):
    """What the box asks of its network. Every method blocks (run it off the game loop,
    :class:`NetworkWorker`), is bounded in time, and reports failures as values."""

    def scan(self) -> list[WifiNetwork]: ...

    def known(self) -> list[str]: ...

    def connect(self, ssid: str, password: str) -> NetResult: ...

    def forget(self, ssid: str) -> NetResult: ...

    def hotspot_up(self, hotspot: Hotspot) -> NetResult: ...

    def hotspot_down(self) -> NetResult: ...

    def state(self) -> NetState: ...

    def close(self) -> None: ...


class NetworkError(Exception):
    """The network could not be asked at all (no ``nmcli``, NetworkManager not running)."""


# ------------------------------------------------------------------ nmcli's terse output


def split_terse(line: str) -> list[str]:
    """One line of ``nmcli --terse --escape yes`` as its fields: ``:`` separates them,
    and a backslash takes the next character as it is (``\\:`` a colon, ``\\\\`` a backslash).

    >>> split_terse(r"*:Casa\\:Rossi:78:WPA2")
    ['*', 'Casa:Rossi', '78', 'WPA2']
    >>> split_terse("::40:")
    ['', '', '40', '']
    """
    fields: list[str] = []
    cur: list[str] = []
    chars = iter(line)
    for ch in chars:
        if ch == "\\":
            cur.append(next(chars, "\\"))
        elif ch == ":":
            fields.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    fields.append("".join(cur))
    return fields


def escape_terse(value: str) -> str:
    """What ``nmcli --escape yes`` prints for ``value`` (the inverse of :func:`split_terse`)."""
    return value.replace("\\", "\\\\").replace(":", "\\:")


def parse_wifi_list(text: str) -> list[WifiNetwork]:
    """``nmcli -t -e yes -f IN-USE,SSID,SIGNAL,SECURITY device wifi list``: one network per
    name (several access points of one home are one choice, at the best strength), hidden
    ones (no name) left out, strongest first."""
    best: dict[str, WifiNetwork] = {}
    for line in text.splitlines():
        if not line.strip():
            continue
        fields = split_terse(line)
        if len(fields) < 4:
            continue
        in_use, ssid, signal, security = fields[0], fields[1], fields[2], ":".join(fields[3:])
        if not ssid:
            continue
        try:
            strength = max(0, min(100, int(signal)))
        except ValueError:
            strength = 0
        net = WifiNetwork(ssid, strength, security.strip() not in ("", "--"), in_use.strip() == "*")
        old = best.get(ssid)
        if old is not None:  # another access point of the same network: the best of both
            net = WifiNetwork(ssid, max(old.signal, net.signal), old.secured or net.secured, old.in_use or net.in_use)
        best[ssid] = net
    return sorted(best.values(), key=lambda n: (not n.in_use, -n.signal, n.ssid.casefold()))


WIFI_TYPES = ("802-11-wireless", "wifi")


def parse_connections(text: str) -> list[tuple[str, str]]:
    """``nmcli -t -e yes -f NAME,TYPE connection show``: (name, type) of every profile."""
    out = []
    for line in text.splitlines():
        fields = split_terse(line)
        if len(fields) >= 2 and fields[0]:
            out.append((fields[0], fields[1]))
    return out


def parse_device_status(text: str) -> list[tuple[str, str, str, str]]:
    """``nmcli -t -e yes -f DEVICE,TYPE,STATE,CONNECTION device status``."""
    out = []
    for line in text.splitlines():
        fields = split_terse(line)
        if len(fields) >= 4:
            out.append((fields[0], fields[1], fields[2], fields[3]))
    return out


def first_address(text: str) -> str:
    """``nmcli -g IP4.ADDRESS device show DEV``: ``192.168.1.23/24 | 10.0.0.2/8`` → ``192.168.1.23``."""
    for part in text.replace("\n", "|").split("|"):
        addr = part.strip().split("/")[0].replace("\\", "")
        if addr:
            return addr
    return ""


# How nmcli says why an activation failed (NetworkManager's state reasons, in nmcli's words)
_WRONG_PASSWORD = re.compile(r"secrets were required|802\.1x supplicant|psk|password|no secrets", re.I)
_NO_ADDRESS = re.compile(r"ip configuration|dhcp|no available address|ip4|ip6", re.I)
_NOT_FOUND = re.compile(r"no network with ssid|not found|could not be found", re.I)
NMCLI_NOT_FOUND = 10  # nmcli's exit code: the connection, device or network does not exist
NMCLI_TIMEOUT = 3
NMCLI_NOT_RUNNING = 8


def classify_failure(code: int, text: str) -> NetResult:
    """nmcli's exit code and words as a reason the screen can say."""
    words = " ".join(text.split())
    words = words.removeprefix("Error: ")
    if code == NMCLI_NOT_FOUND or _NOT_FOUND.search(words):
        return NetResult("not_found", detail=words)
    if _WRONG_PASSWORD.search(words):
        return NetResult("wrong_password", detail=words)
    if _NO_ADDRESS.search(words):
        return NetResult("no_address", detail=words)
    if code == NMCLI_TIMEOUT:
        return NetResult("failed", detail=words or "timed out")
    return NetResult("failed", detail=words or f"nmcli exit code {code}")


# ------------------------------------------------------------------ NetworkManager through nmcli

HOTSPOT_PROFILE = "tressette-hotspot"
"""The NetworkManager profile of the box's own hotspot (never offered as a home network)."""

Runner = Callable[[Sequence[str], float], "subprocess.CompletedProcess[str]"]


def run_nmcli(argv: Sequence[str], timeout: float) -> subprocess.CompletedProcess[str]:
    """``argv`` run without a shell, its output as text, killed after ``timeout`` seconds."""
    return subprocess.run(list(argv), capture_output=True, text=True, timeout=timeout, check=False,
                          env={**os.environ, "LC_ALL": "C"})  # fmt: skip


class NmcliNetwork(Closing):
    """NetworkManager asked through ``nmcli`` (docs/deploy.md says why not a D-Bus binding).

    Never edits NetworkManager's files: it asks NetworkManager, which keeps the
    profiles (and joins the known ones at boot by itself). ``nmcli`` is the
    command, ``run`` what runs it (a test's fake executable on ``PATH`` or a
    function), ``device`` the Wi-Fi device (found by asking when not given).
    ``connect_wait`` bounds a connection attempt (nmcli's ``--wait``).
    """

    def __init__(self, *, nmcli: str = "nmcli", run: Runner = run_nmcli, device: str | None = None,
                 connect_wait: int = 30, timeout: float = 20.0) -> None:
        self.nmcli = nmcli
        self._run = run
        self._device = device
        self.connect_wait = connect_wait
        self.timeout = timeout

    def _call(self, args: Sequence[str], *, timeout: float | None = None) -> subprocess.CompletedProcess[str]:
        argv = [self.nmcli, *args]
        try:
            return self._run(argv, timeout if timeout is not None else self.timeout)
        except FileNotFoundError as exc:
            raise NetworkError(f"{self.nmcli} is not installed (network-manager)") from exc
        except subprocess.TimeoutExpired as exc:
            raise NetworkError(f"nmcli took longer than {exc.timeout:.0f} s") from exc
        except OSError as exc:
            raise NetworkError(f"nmcli: {exc}") from exc

    def _checked(self, args: Sequence[str]) -> str:
        done = self._call(args)
        if done.returncode != 0:
            raise NetworkError(" ".join((done.stderr or done.stdout).split()).removeprefix("Error: ")
                               or f"nmcli exit code {done.returncode}")
        return done.stdout

    def device(self) -> str:
        """The Wi-Fi device NetworkManager manages (``wlan0`` on a Pi)."""
        if self._device is None:
            rows = parse_device_status(self._checked(["-t", "-e", "yes", "-f", "DEVICE,TYPE,STATE,CONNECTION",
                                                      "device", "status"]))
            wifi = [r for r in rows if r[1] == "wifi"]
            if not wifi:
                raise NetworkError("no Wi-Fi device")
            self._device = wifi[0][0]
        return self._device

    def scan(self) -> list[WifiNetwork]:
        text = self._checked(["-t", "-e", "yes", "-f", "IN-USE,SSID,SIGNAL,SECURITY", "device", "wifi", "list",
                              "ifname", self.device(), "--rescan", "yes"])
        return parse_wifi_list(text)

    def known(self) -> list[str]:
        rows = parse_connections(self._checked(["-t", "-e", "yes", "-f", "NAME,TYPE", "connection", "show"]))
        return [name for name, kind in rows if kind in WIFI_TYPES and name != HOTSPOT_PROFILE]

    def connect(self, ssid: str, password: str) -> NetResult:
        try:
            dev = self.device()
            args = ["--wait", str(self.connect_wait), "device", "wifi", "connect", ssid]
            if password:
                # on the command line for the second it runs: docs/deploy.md says who could see it
                args += ["password", password]
            done = self._call([*args, "ifname", dev], timeout=self.connect_wait + 15)
        except NetworkError as exc:
            return NetResult("failed", detail=str(exc))
        if done.returncode != 0:
            result = classify_failure(done.returncode, done.stderr or done.stdout)
            if result.kind == "wrong_password":
                self._drop_profile(ssid)  # a wrong password is not kept: the next try asks again
            return result
        state = self.state()
        if state.kind == "connected" and state.address:
            return NetResult("connected", address=state.address)
        return NetResult("no_address", detail=state.detail)

    def _drop_profile(self, ssid: str) -> None:
        with contextlib.suppress(NetworkError):
            self._call(["connection", "delete", "id", ssid])

    def forget(self, ssid: str) -> NetResult:
        try:
            done = self._call(["connection", "delete", "id", ssid])
        except NetworkError as exc:
            return NetResult("failed", detail=str(exc))
        if done.returncode != 0:
            return classify_failure(done.returncode, done.stderr or done.stdout)
        return NetResult("done")

    def hotspot_up(self, hotspot: Hotspot) -> NetResult:
        """A WPA2 (RSN, CCMP) access point on a channel allowed everywhere
        (:func:`hotspot_channel`) with NetworkManager's shared IPv4 (its own DHCP and DNS;
        the box is 10.42.0.1): the profile made anew each time, so it is exactly this."""
        try:
            dev = self.device()
            self._call(["connection", "delete", "id", HOTSPOT_PROFILE])  # absent the first time: fine
            add = self._call([
                "connection", "add", "type", "wifi", "ifname", dev, "con-name", HOTSPOT_PROFILE,
                "autoconnect", "no", "ssid", hotspot.ssid,
                "802-11-wireless.mode", "ap", "802-11-wireless.band", "bg",
                "802-11-wireless.channel", str(hotspot_channel(hotspot.ssid)), "ipv4.method", "shared",
                "ipv6.method", "ignore",
                "wifi-sec.key-mgmt", "wpa-psk", "wifi-sec.proto", "rsn", "wifi-sec.pairwise", "ccmp",
                "wifi-sec.group", "ccmp", "wifi-sec.psk", hotspot.passphrase,
            ])  # fmt: skip
            if add.returncode != 0:
                return classify_failure(add.returncode, add.stderr or add.stdout)
            up = self._call(["--wait", str(self.connect_wait), "connection", "up", "id", HOTSPOT_PROFILE],
                            timeout=self.connect_wait + 15)
        except NetworkError as exc:
            return NetResult("failed", detail=str(exc))
        if up.returncode != 0:
            return classify_failure(up.returncode, up.stderr or up.stdout)
        return NetResult("connected", address=self.state().address)

    def hotspot_down(self) -> NetResult:
        try:
            done = self._call(["connection", "down", "id", HOTSPOT_PROFILE])
        except NetworkError as exc:
            return NetResult("failed", detail=str(exc))
        if done.returncode not in (0, NMCLI_NOT_FOUND):
            return classify_failure(done.returncode, done.stderr or done.stdout)
        return NetResult("done")

    def state(self) -> NetState:
        try:
            rows = parse_device_status(self._checked(["-t", "-e", "yes", "-f", "DEVICE,TYPE,STATE,CONNECTION",
                                                      "device", "status"]))
        except NetworkError as exc:
            return NetState("unavailable", detail=str(exc))
        wifi = [r for r in rows if r[1] == "wifi" and (self._device is None or r[0] == self._device)]
        if not wifi:
            return NetState("unavailable", detail="no Wi-Fi device")
        dev, _, st, profile = wifi[0]
        self._device = dev
        if st.startswith("connecting"):
            return NetState("connecting", ssid=profile)
        if not st.startswith("connected"):
            wired = [r for r in rows if r[1] == "ethernet" and r[2].startswith("connected")]
            if wired:  # a cable: phones on that network reach the box (no Wi-Fi to offer)
                return NetState("connected", ssid=wired[0][3], address=self._address(wired[0][0]))
            return NetState("unavailable", detail=st) if st in ("unavailable", "unmanaged") else NetState()
        address = self._address(dev)
        if profile == HOTSPOT_PROFILE:
            return NetState("hotspot", ssid=self._profile_ssid(profile), address=address)
        return NetState("connected", ssid=self._profile_ssid(profile) or profile, address=address)

    def _address(self, dev: str) -> str:
        try:
            return first_address(self._checked(["-g", "IP4.ADDRESS", "device", "show", dev]))
        except NetworkError:
            return ""

    def _profile_ssid(self, profile: str) -> str:
        try:
            text = self._checked(["-g", "802-11-wireless.ssid", "connection", "show", "id", profile])
            return split_terse(text.rstrip("\n"))[0]  # -g escapes as -t -e yes does
        except NetworkError:
            return ""

    def close(self) -> None:
        pass


# ------------------------------------------------------------------ the simulated double

SIM_PASSWORD = "tressette"
"""The one password the simulated networks take (docs/box.md); any other is wrong."""

SIM_NETWORKS: tuple[WifiNetwork, ...] = (
    WifiNetwork("Casa Rossi", 82, True),
    WifiNetwork("FRITZ!Box 7590 KL", 64, True),
    WifiNetwork("Bar Sport: ospiti", 47, False),
    WifiNetwork("Vodafone-A1B2C3", 31, True),
    WifiNetwork("Nonna Pina", 12, True),
)
SIM_NO_ADDRESS = "Vodafone-A1B2C3"
"""The simulated network that takes the password and then gives no address (a full DHCP)."""
SIM_HOTSPOT_ADDRESS = "10.42.0.1"


class SimNetwork(Closing):
    """NetworkManager simulated: the networks of :data:`SIM_NETWORKS`, a password that is
    right only when it is :data:`SIM_PASSWORD`, one network that gives no address, a hotspot.

    It simulates rather than stubs: joined networks are remembered (``known``) and
    forgotten, the hotspot replaces the Wi-Fi connection, ``out_of_reach`` takes the
    networks away (a box carried to a friend's). ``delay`` seconds pass in each
    attempt (the simulator shows *connecting…*; the tests pass 0); ``sleep`` is injected.
    """

    def __init__(self, *, networks: Iterable[WifiNetwork] = SIM_NETWORKS, known: Iterable[str] = (),
                 delay: float = 0.0, sleep: Callable[[float], None] = time.sleep) -> None:
        self.networks = list(networks)
        self.known_names: list[str] = list(known)
        self.delay = delay
        self._sleep = sleep
        self.current = NetState()
        self.out_of_reach = False
        self.calls: list[tuple[str, str]] = []
        self.closed = False

    def _wait(self) -> None:
        if self.delay > 0:
            self._sleep(self.delay)

    def _in_reach(self) -> list[WifiNetwork]:
        return [] if self.out_of_reach else list(self.networks)

    def scan(self) -> list[WifiNetwork]:
        self.calls.append(("scan", ""))
        joined = self.current.ssid if self.current.kind == "connected" else ""
        nets = [replace(n, in_use=n.ssid == joined) for n in self._in_reach()]
        return sorted(nets, key=lambda n: (not n.in_use, -n.signal, n.ssid.casefold()))

    def known(self) -> list[str]:
        return list(self.known_names)

    def connect(self, ssid: str, password: str) -> NetResult:
        self.calls.append(("connect", ssid))
        self._wait()
        net = next((n for n in self._in_reach() if n.ssid == ssid), None)
        if net is None:
            return NetResult("not_found", detail=f"No network with SSID '{ssid}' found.")
        if net.secured and password != SIM_PASSWORD and not (ssid in self.known_names and not password):
            if ssid in self.known_names:  # as NmcliNetwork does: a wrong password is not kept
                self.known_names.remove(ssid)
            return NetResult("wrong_password", detail="Secrets were required, but not provided.")
        if ssid == SIM_NO_ADDRESS:
            self.current = NetState()
            return NetResult("no_address", detail="IP configuration could not be reserved.")
        if ssid not in self.known_names:
            self.known_names.append(ssid)
        address = f"192.168.1.{23 + self.networks.index(net)}"
        self.current = NetState("connected", ssid=ssid, address=address)
        return NetResult("connected", address=address)

    def forget(self, ssid: str) -> NetResult:
        self.calls.append(("forget", ssid))
        if ssid not in self.known_names:
            return NetResult("not_found", detail=f"unknown connection '{ssid}'")
        self.known_names.remove(ssid)
        if self.current.kind == "connected" and self.current.ssid == ssid:
            self.current = NetState()
        return NetResult("done")

    def hotspot_up(self, hotspot: Hotspot) -> NetResult:
        self.calls.append(("hotspot_up", hotspot.ssid))
        self._wait()
        self.current = NetState("hotspot", ssid=hotspot.ssid, address=SIM_HOTSPOT_ADDRESS,
                                passphrase=hotspot.passphrase)
        return NetResult("connected", address=SIM_HOTSPOT_ADDRESS)

    def hotspot_down(self) -> NetResult:
        self.calls.append(("hotspot_down", ""))
        if self.current.kind == "hotspot":
            self.current = NetState()
        return NetResult("done")

    def boot_join(self) -> None:
        """What NetworkManager does at power-on: join the strongest known network in reach."""
        for net in self.scan():
            if net.ssid in self.known_names and net.ssid != SIM_NO_ADDRESS:
                self.connect(net.ssid, "")
                return

    def state(self) -> NetState:
        return self.current

    def close(self) -> None:
        self.closed = True


# ------------------------------------------------------------------ the worker thread

Op = Literal["scan", "connect", "forget", "hotspot_up", "hotspot_down", "state", "boot"]


@dataclass(frozen=True, slots=True)
class NetRequest:
    """Something asked of the network, run by the worker in the order asked."""

    op: Op
    ssid: str = ""
    password: str = field(default="", repr=False)  # never in a log line


@dataclass(frozen=True, slots=True)
class BootPolicy:
    """At power-on: NetworkManager joins a known network by itself; when none is joined
    within ``wait_s`` and ``hotspot_when_alone`` is set, the box opens its own hotspot."""

    hotspot_when_alone: bool = True
    wait_s: float = 45.0
    poll_s: float = 2.0


class NetworkWorker(Closing):
    """Runs :class:`Network` calls on a thread, one at a time, and posts what they found.

    ``post`` puts a :data:`NetworkEvent` into the program's one queue (any thread).
    :meth:`submit` never blocks. After the boot request the worker looks at the
    state every ``policy.poll_s`` (between the requests it is given meanwhile:
    the screen is never kept waiting) until a network is joined or
    ``policy.wait_s`` have passed by ``clock``; then it opens the hotspot if the
    policy says so and nobody chose a network or the hotspot on the screen
    meanwhile. :meth:`close` stops it at once.
    """

    def __init__(self, network: Network, *, post: Callable[[NetworkEvent], None], hotspot: Hotspot,
                 policy: BootPolicy | None = None, clock: Clock = time.monotonic, start: bool = True) -> None:
        self.network = network
        self.post = post
        self.hotspot = hotspot
        self.policy = policy or BootPolicy()
        self._clock = clock
        self._requests: queue.Queue[NetRequest | None] = queue.Queue()
        self._stop = threading.Event()
        self.boot_deadline: float | None = None  # while the boot policy waits for a known network
        self.idle = threading.Event()  # set while nothing is queued or running (tests wait on it)
        self.idle.set()
        self._thread = threading.Thread(target=self._run, name="hal-network", daemon=True)
        if start:
            self._thread.start()

    def submit(self, request: NetRequest) -> None:
        self.idle.clear()
        self._requests.put(request)

    def _run(self) -> None:
        while not self._stop.is_set():
            waiting = self.boot_deadline is not None
            try:
                request = self._requests.get(timeout=self.policy.poll_s if waiting else None)
            except queue.Empty:
                request = NetRequest("state")
            if request is None:
                break
            try:
                self.run_one(request)
            except Exception as exc:  # a bug in a network call must not end the thread
                log.exception("network %s failed", request.op)
                self.post(NetworkDone(request.op, request.ssid, NetResult("failed", detail=str(exc)), self._clock()))
            finally:
                if self._requests.empty():
                    self.idle.set()

    def run_one(self, request: NetRequest) -> None:
        """One request, synchronously (the thread's body; tests call it directly), then a look
        at the state: the boot policy's, while it waits."""
        net, now = self.network, self._clock
        op, ssid = request.op, request.ssid
        if op == "scan":
            self.post(NetworkBusy("scan", at=now()))
            try:
                networks = tuple(net.scan())
                known = tuple(net.known())
            except NetworkError as exc:
                self.post(NetworkScanned((), (), str(exc), now()))
            else:
                self.post(NetworkScanned(networks, known, "", now()))
        elif op == "boot":
            self.boot_deadline = now() + self.policy.wait_s
        elif op != "state":
            self.boot_deadline = None  # the person chose: the boot policy steps aside
            self.post(NetworkBusy(op, ssid, now()))
            result = self._attempt(request)
            self.post(NetworkDone(op, ssid, result, now()))
        state = self._state()
        self.post(NetworkChanged(state, now()))
        if self.boot_deadline is not None:
            self._boot_step(state)

    def _attempt(self, request: NetRequest) -> NetResult:
        net = self.network
        match request.op:
            case "connect":
                return net.connect(request.ssid, request.password)
            case "forget":
                return net.forget(request.ssid)
            case "hotspot_up":
                return net.hotspot_up(self.hotspot)
            case "hotspot_down":
                return net.hotspot_down()
        return NetResult("failed", detail=f"unknown request {request.op}")

    def _state(self) -> NetState:
        state = self.network.state()
        if state.kind == "hotspot":
            # the passphrase is the box's own: the state carries it for the join screen's QR code
            state = replace(state, ssid=state.ssid or self.hotspot.ssid, passphrase=self.hotspot.passphrase)
        return state

    def _boot_step(self, state: NetState) -> None:
        """At power-on: a network joined (or no Wi-Fi at all) ends the wait; none joined in
        time opens the hotspot when the policy says so."""
        assert self.boot_deadline is not None
        if state.kind in ("connected", "hotspot", "unavailable"):
            self.boot_deadline = None
            return
        if self._clock() < self.boot_deadline:
            return
        self.boot_deadline = None
        if state.kind == "disconnected" and self.policy.hotspot_when_alone:
            log.warning("no known network joined in %.0f s: opening the hotspot %s", self.policy.wait_s,
                        self.hotspot.ssid)
            self.run_one(NetRequest("hotspot_up", self.hotspot.ssid))

    def close(self) -> None:
        self._stop.set()
        self._requests.put(None)
        if self._thread.is_alive():
            self._thread.join(timeout=5.0)
