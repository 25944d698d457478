"""Wi-Fi on mac80211_hwsim (the last step; ``test --no-wifi`` leaves it out): the hotspot by
taps, a phone joining by its QR code; an access point joined by taps.

Each step is a function of the run (``self``: these were methods of TestRun, moved with their
bodies as they were; a call of a sibling step became a call of its function)."""

from __future__ import annotations

import contextlib
import json
import re
import time
from typing import Any

from tools.virtualpi.inputs import centre
from tools.virtualpi.monitor import tap
from tools.virtualpi.testrun import StepFailed, TestRun


def wifi(self: TestRun) -> None:
    """Wi-Fi for real: the kernel's mac80211_hwsim gives the VM two radios on one simulated
    medium; the box's NetworkManager owns wlan0, the other radio goes into a network
    namespace and plays a phone. (a) The box opens its hotspot by taps on Settings ->
    Network; the phone joins it with wpa_supplicant using exactly the credentials of the
    Wi-Fi QR code the box shows, gets an address by DHCP from the box, fetches the page the
    join screen names and plays over the websocket. (b) hostapd on the phone's radio makes
    an access point with a password; the box joins it by taps, the password typed on the
    on-screen keyboard; its screen says connected. Skipped, saying why, where the guest's
    kernel has no mac80211_hwsim."""
    why = self.ssh("out=$(sudo modprobe mac80211_hwsim radios=2 2>&1); test -d /sys/module/mac80211_hwsim "
                   "|| echo \"modprobe mac80211_hwsim: ${out:-no module loaded}; $(uname -r)\"", timeout=120,
                   check=False).strip()
    if why:
        self.say(f"      SKIP the Wi-Fi step: this guest's kernel has no mac80211_hwsim ({why})")
        return
    wifi_setup(self)
    wifi_hotspot_and_phone(self)
    wifi_join_by_taps(self)


def wifi_setup(self: TestRun) -> None:
    """The phone's radio into its own namespace; hostapd and busybox (udhcpc) unpacked from
    the image's own Debian packages (the OS layer keeps them aside; never installed)."""
    inputs = json.loads((self.p.image / "inputs.json").read_text())
    debs = sorted((self.p.image.parent / inputs["rootfs"] / "test-debs").glob("*.deb"))
    if len(debs) < 2:
        raise StepFailed(f"no hostapd and busybox packages beside the OS layer: {debs}")
    self.ssh("mkdir -p /tmp/wifi")
    self.run(["scp", "-F", str(self.p.ssh_config), *map(str, debs), "virtual-pi:/tmp/wifi/"], timeout=300,
             name="wifi-scp")
    out = self.ssh(WIFI_SETUP.replace("@AP_SSID@", AP_SSID), timeout=300)
    self.say(f"      {' | '.join(out.strip().splitlines()[-4:])}")


def wifi_hotspot_and_phone(self: TestRun) -> None:
    self.network_screen()
    self.wait("the box's Wi-Fi (wlan0) on the Network screen", lambda: self.net().get("state") not in
              (None, "unavailable") and not self.net().get("busy"), 180, every=2.0)
    def opened() -> dict[str, Any] | str | None:
        n = self.net()
        if n.get("state") == "hotspot" and n.get("wifi_qr"):
            return n
        return f"{n.get('result')}" if n.get("result") == "n_hotspot_failed" and not n.get("busy") else None

    if self.net().get("state") != "hotspot":  # open already: a development run again on a kept machine
        self.tap_button("hotspot")
        self.wait("the tap taken (the old outcome gone)", lambda: self.net().get("busy") or
                  self.net().get("result") != "n_hotspot_failed", 60, every=1.0)
    net = self.wait("the hotspot open, its Wi-Fi QR code made (or its failure said)", opened, 180, every=2.0)
    if not isinstance(net, dict):  # once a channel the world domain forbids an access point (no IR)
        said = self.ssh("sudo journalctl -u NetworkManager -u wpa_supplicant -b --no-pager -o cat | grep -E "
                        "'frequency|AP functionality|took too long|hotspot' | tail -6", timeout=60, check=False)
        raise StepFailed(f"the hotspot did not open ({net}): {self.net()}; the journal: {said.strip()!r}")
    ssid, passphrase = parse_wifi_qr(str(net["wifi_qr"]))
    radio = self.ssh("sudo /usr/sbin/iw dev wlan0 info | grep -E '^\\s*(type|channel) '", timeout=60, check=False)
    channel = re.search(r"channel (\d+) ", radio)
    if "type AP" not in radio or not channel or int(channel[1]) not in (1, 6, 11):
        raise StepFailed(f"the box's wlan0 is no access point on channel 1, 6 or 11: {radio.strip()!r}")
    self.say(f"      hotspot {ssid} at {net.get('address')}, channel {channel[1]}; the QR code says {net['wifi_qr']!r}")
    time.sleep(2)
    self.shot("16-hotspot-open")
    # a game with seat 1 a phone: the join screen shows the Wi-Fi QR code first, then the page's
    self.go_home()
    self.home_seat(0, "phone")
    self.tap_button("start")
    free_seat_1(self)
    code = self.phone_join_code(0, shot="17-join-screen-hotspot")
    url = str((self.screen().get("phones") or {}).get("url") or "")
    if not re.fullmatch(r"http://[0-9.]+:[0-9]+", url):
        raise StepFailed(f"the join screen names no IP address for the page: {url!r}")
    actions = self.journal_actions()
    script = (WIFI_PHONE.replace("@SSID_HEX@", ssid.encode().hex()).replace("@PSK@", json.dumps(passphrase))
              .replace("@URL@", url).replace("@CODE@", code))
    out = self.ssh(script, timeout=600)
    line = next((ln for ln in reversed(out.splitlines()) if ln.startswith("{")), "{}")
    result: dict[str, Any] = json.loads(line)
    if not result.get("ok") or result.get("seat") != 0 or not result.get("page_bytes"):
        raise StepFailed(f"the phone on the hotspot did not take seat 1 and play: {out.strip()[-1500:]}")
    said = ' | '.join(ln for ln in out.splitlines() if ln.startswith('phone:'))
    self.say(f"      {said}")
    if "wpa_state=COMPLETED" not in said or f"ssid={ssid}" not in said:
        raise StepFailed(f"the phone's wpa_supplicant is not on {ssid}: {said!r}")
    box = str(net.get("address") or "")
    if not box or result["address"].split("/")[0].rsplit(".", 1)[0] != box.rsplit(".", 1)[0]:
        raise StepFailed(f"the phone's address {result['address']} is not from the box's hotspot ({box})")
    self.say(f"      the phone joined {ssid} by the QR code's credentials, got {result['address']} by DHCP "
             f"from the box, fetched {url} ({result['page_bytes']} bytes), took seat {result['seat'] + 1} and "
             f"played ({result['played']})")
    joined = self.ssh("sudo journalctl -u tressette -b --no-pager -o cat | grep 'joined seat' | tail -1",
                      timeout=60).strip()
    if result["address"].split("/")[0] not in joined:
        raise StepFailed(f"the unit's log names no phone from {result['address']}: {joined!r}")
    if self.journal_actions() < actions + 1:
        raise StepFailed("the box's journal did not grow by the phone's move")
    self.say(f"      the box's log: {joined}")
    time.sleep(2)
    self.shot("18-phone-on-hotspot-played")


def free_seat_1(self: TestRun) -> None:
    """On the join screen of a new match: seat 1 still held by the earlier phone (the host's
    chromium) is freed by its button, as a person would, so a new phone can take it."""

    def where() -> str | None:
        s = self.screen()
        if any(b["name"] == "yes" for b in s.get("buttons", [])):
            return "asked"
        seats = (s.get("phones") or {}).get("seats") or []
        held = any(x.get("seat") == 0 and x.get("held") for x in seats)
        if s.get("screen") == "table" and held:
            return "table"  # the new match went to the table: the phone still holds its seat
        if s.get("screen") != "join":
            return None
        return "held" if held else "free"

    for _ in range(8):
        state = self.wait("the join screen (or a question)", where, 120, every=2.0)
        if state == "free":
            return
        if state == "asked":
            self.tap_button("yes")
        elif state == "table":
            self.say("      the match is on the table, seat 1 held by the earlier phone: its join screen")
            self.tap_button("phones", then="join")
        else:
            self.say("      seat 1 still held by the earlier phone: freed by its button")
            self.tap_button("free:0")
        time.sleep(2)
    raise StepFailed(f"seat 1 not free on the join screen: {self.screen().get('phones')}")


def wifi_join_by_taps(self: TestRun) -> None:
    out = self.ssh(WIFI_ACCESS_POINT.replace("@SSID@", AP_SSID).replace("@PSK@", AP_PASSWORD), timeout=300)
    self.say(f"      {' | '.join(out.strip().splitlines()[-2:])}")
    self.go_home()  # leave the match: the hand goes on without the box's screen
    self.network_screen()
    if self.net().get("state") == "hotspot":
        self.tap_button("hotspot")
        self.wait("the hotspot closed", lambda: self.net().get("state") != "hotspot"
                  and not self.net().get("busy"), 180, every=2.0)
    net: dict[str, Any] = {}
    for attempt in range(2):
        self.tap_button("refresh")
        with contextlib.suppress(StepFailed):  # the list before the scan is stale: its rows move after it
            self.wait("the scan started", lambda: self.net().get("busy") == "scan", 20, every=0.5)
        self.wait(f"{AP_SSID} in the list", lambda: AP_SSID in (self.net().get("networks") or [])
                  and not self.net().get("busy"), 180, every=3.0)
        i = self.net()["networks"].index(AP_SSID)
        self.tap_button(f"net:{i}", then="wifi_password")
        self.say(f"      typing the password on the on-screen keyboard: {len(AP_PASSWORD)} taps")
        for ch in AP_PASSWORD:
            rect = next(b["rect"] for b in self.screen().get("buttons", []) if b["name"] == f"ch:{ch}")
            x, y = centre(rect)
            tap(self.p, x, y)
            time.sleep(0.6)
        time.sleep(1)
        self.shot("19-password-typed")
        self.tap_button("ok", then="network")
        def settled() -> dict[str, Any] | None:
            # the attempt's outcome, and on success the state after it (the worker reports the
            # outcome first, then the state: a probe between the two still shows the old network)
            n = self.net()
            if n.get("busy") or not n.get("result"):
                return None
            return n if n["result"] != "n_connected" or (n.get("state"), n.get("ssid")) == ("connected", AP_SSID) \
                else None

        found = self.wait(f"joined {AP_SSID} or told why not", settled, 180, every=2.0)
        assert isinstance(found, dict)
        net = found
        if net.get("state") == "connected" and net.get("ssid") == AP_SSID:
            break
        self.say(f"      not joined ({net.get('result')}, {net.get('state')}): a tap may have been lost; once more")
        if attempt == 1:
            raise StepFailed(f"the box did not join {AP_SSID}: {net}")
    if not str(net.get("address", "")).startswith("192.168.77."):
        raise StepFailed(f"joined {AP_SSID} without its address: {net}")
    self.say(f"      the screen: connected to {AP_SSID}, {net.get('address')} ({net.get('result')})")
    time.sleep(2)
    self.shot("20-joined-by-taps")


AP_SSID = "Casa-Test"  # the access point hostapd makes on the phone's radio


AP_PASSWORD = "briscola42"  # typed on the box's keyboard: no key twice in a row


def parse_wifi_qr(text: str) -> tuple[str, str]:
    """The network name and passphrase of a Wi-Fi QR code's text (``WIFI:T:WPA;S:…;P:…;;``,
    backslash, ``;``, ``,``, ``:`` and ``"`` escaped by a backslash), as a phone's camera reads it."""
    if not text.startswith("WIFI:"):
        raise ValueError(f"not a Wi-Fi QR code: {text!r}")
    fields: dict[str, str] = {}
    key, value, i, body = "", "", 0, text[5:]
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            value += body[i + 1]
            i += 2
            continue
        if c == ":" and not key:
            key, value = value, ""
        elif c == ";":
            if key:
                fields[key] = value
            key, value = "", ""
        else:
            value += c
        i += 1
    if fields.get("T") != "WPA" or "S" not in fields or "P" not in fields:
        raise ValueError(f"a WPA network with a name and a passphrase, not {text!r}")
    return fields["S"], fields["P"]


# In the guest, as pi (sudo): the phone's radio (wlan1: the second hwsim radio) into the network
# namespace "phone", the test's tools unpacked, NetworkManager seeing wlan0.
WIFI_SETUP = r"""set -e
if ! sudo ip netns exec phone test -e /sys/class/net/wlan1 2>/dev/null; then  # not moved yet (a run again: moved)
  for i in $(seq 60); do [ -e /sys/class/net/wlan1 ] && [ -e /sys/class/net/wlan0 ] && break; sleep 1; done
  phy=$(cat /sys/class/net/wlan1/phy80211/name)
  sudo ip netns add phone 2>/dev/null || true
  sudo iw phy "$phy" set netns name phone
fi
phy=$(sudo ip netns exec phone cat /sys/class/net/wlan1/phy80211/name)
sudo nmcli connection delete id @AP_SSID@ > /dev/null 2>&1 || true  # a run again: the box forgets the test's AP
sudo ip netns exec phone ip link set lo up
cd /tmp/wifi && for d in *.deb; do dpkg-deb -x "$d" /tmp/wifi/root; done
printf '%s\n' '#!/bin/sh' 'case "$1" in bound|renew)' ' ip addr flush dev "$interface"' \
  ' ip addr add "$ip/${mask:-24}" dev "$interface"' \
  ' [ -n "$router" ] && ip route replace default via "${router%% *}" dev "$interface"' \
  ' echo "$ip/${mask:-24}" > /tmp/wifi/address;;' 'esac' > /tmp/wifi/udhcpc.sh
chmod +x /tmp/wifi/udhcpc.sh
for i in $(seq 60); do nmcli -t -f DEVICE,TYPE device | grep -q '^wlan0:wifi$' && break; sleep 1; done
echo "the phone's radio $phy in namespace phone: $(sudo ip netns exec phone iw dev | grep Interface | xargs)"
echo "the box's radio: $(nmcli -t -f DEVICE,TYPE,STATE device | grep wlan0)"
"""


# The phone joins the box's hotspot by the QR code's credentials, gets an address from the box,
# fetches the page and plays once over the websocket (the release's own protocol client).
WIFI_PHONE = r"""set -e
for f in /run/wpa_phone.pid /run/hostapd-phone.pid /run/dnsmasq-phone.pid; do sudo kill "$(cat $f 2>/dev/null)" 2>/dev/null || true; done
sleep 1
sudo ip netns exec phone ip addr flush dev wlan1
cat > /tmp/wifi/phone.conf <<'END'
ctrl_interface=/run/wpa_phone
network={
  ssid=@SSID_HEX@
  psk=@PSK@
  key_mgmt=WPA-PSK
  proto=RSN
}
END
sudo ip netns exec phone wpa_supplicant -B -D nl80211 -i wlan1 -c /tmp/wifi/phone.conf -P /run/wpa_phone.pid > /dev/null
for i in $(seq 90); do
  sudo ip netns exec phone wpa_cli -p /run/wpa_phone -i wlan1 status 2>/dev/null | grep -q wpa_state=COMPLETED && break
  sleep 1
done
sudo ip netns exec phone wpa_cli -p /run/wpa_phone -i wlan1 status | grep -E '^(ssid|wpa_state|key_mgmt)=' | xargs echo "phone:"
sudo ip netns exec phone wpa_cli -p /run/wpa_phone -i wlan1 status | grep -q '^wpa_state=COMPLETED$' \
  || { echo "the phone did not join the hotspot in 90 s"; exit 1; }
sudo ip netns exec phone /tmp/wifi/root/bin/busybox udhcpc -i wlan1 -f -q -n -t 20 -T 3 -s /tmp/wifi/udhcpc.sh > /dev/null 2>&1
cat > /tmp/wifi/phone.py <<'END'
import asyncio, json, sys, urllib.request
import aiohttp
from firmware.app.phones.client import PhoneClient
async def main(url, code, address):
    page = urllib.request.urlopen(url + "/", timeout=60).read()
    async with aiohttp.ClientSession() as session:
        phone = PhoneClient(session, url)
        welcome = await phone.join(code, "it")
        assert welcome["type"] == "welcome", welcome
        await phone.wait(lambda c: c.state is not None and (c.state["legal"]["nothing"] or (
            c.state["to_move"] == c.seat and c.state["legal"]["play"])), timeout=240)
        st = phone.state
        if st["legal"]["nothing"]:
            await phone.tap("nothing"); played = "nothing to declare"
        else:
            await phone.tap("play", card=st["legal"]["play"][0]); played = "card %d" % st["legal"]["play"][0]
        await phone.wait(lambda c, v=st["v"]: c.state["v"] > v, timeout=120)
        print(json.dumps({"ok": True, "seat": phone.seat, "played": played, "page_bytes": len(page),
                          "address": address}))
        await phone.close()
asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3]))
END
sudo ip netns exec phone /opt/tressette/current/venv/bin/python /tmp/wifi/phone.py '@URL@' '@CODE@' "$(cat /tmp/wifi/address)"
"""


# hostapd on the phone's radio: an access point with a password, and a DHCP server (dnsmasq).
WIFI_ACCESS_POINT = r"""set -e
for f in /run/wpa_phone.pid /run/hostapd-phone.pid /run/dnsmasq-phone.pid; do sudo kill "$(cat $f 2>/dev/null)" 2>/dev/null || true; done
sleep 1
sudo ip netns exec phone ip addr flush dev wlan1
sudo ip netns exec phone ip addr add 192.168.77.1/24 dev wlan1
cat > /tmp/wifi/hostapd.conf <<'END'
interface=wlan1
driver=nl80211
ssid=@SSID@
hw_mode=g
channel=6
wpa=2
wpa_passphrase=@PSK@
wpa_key_mgmt=WPA-PSK
rsn_pairwise=CCMP
END
sudo ip netns exec phone /tmp/wifi/root/usr/sbin/hostapd -B -P /run/hostapd-phone.pid /tmp/wifi/hostapd.conf > /tmp/wifi/hostapd.log
sudo ip netns exec phone dnsmasq --conf-file=/dev/null --interface=wlan1 --bind-interfaces --port=0 -u root \
  --dhcp-range=192.168.77.10,192.168.77.50,255.255.255.0,1h --dhcp-leasefile=/tmp/wifi/leases --pid-file=/run/dnsmasq-phone.pid
echo "access point @SSID@ (WPA2) on the phone's radio, DHCP 192.168.77.10-50: $(tail -1 /tmp/wifi/hostapd.log)"
"""
