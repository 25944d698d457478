"""Is a text a host the phone server can listen on, or a name the join screen can show?

One check for ``--phones-host`` (an argparse type in :mod:`firmware.cliargs`) and the
settings' ``[phones] host`` / ``address`` (:mod:`firmware.config`): an IP address (v4,
v6, with a scope such as ``fe80::1%eth0``) or a host name of at most 253 characters
whose labels are 1-63 letters, digits and hyphens, not starting or ending with a
hyphen (RFC 1123). A name whose last label is all digits is taken as a meant IPv4
address (``256.256.256.256``, ``10.0.0``) and refused as one, not handed to the
resolver, whose error would blame the port. Stdlib only, no lookup.
"""

from __future__ import annotations

import ipaddress
import re

MAX_NAME = 253
MAX_LABEL = 63
_LABEL = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\Z")


def host_problem(text: str) -> str | None:
    """Why ``text`` is no IP address or host name (one line), or ``None`` when it is one."""
    if not text:
        return "an empty host; give an IP address or a host name"
    shown = repr(text) if len(text) <= 40 else repr(text[:20]) + "…"
    try:
        ipaddress.ip_address(text)
        return None
    except ValueError:
        pass
    if ":" in text:
        return f"{shown} is not an IPv6 address"
    name = text[:-1] if text.endswith(".") else text
    if len(name) > MAX_NAME:
        return f"{shown} is {len(name)} characters long; a host name has at most {MAX_NAME}"
    labels = name.split(".")
    if labels[-1].isdigit() or all(x.isdigit() for x in labels if x):
        return f"{shown} is not an IPv4 address (four numbers 0-255, e.g. 192.168.1.20)"
    for label in labels:
        if not label:
            return f"{shown} is not a host name: an empty part between dots"
        if len(label) > MAX_LABEL:
            return f"{shown} is not a host name: a part longer than {MAX_LABEL} characters"
        if not _LABEL.match(label):
            return (f"{shown} is not a host name: letters, digits and hyphens between dots, "
                    "not starting or ending with a hyphen")  # fmt: skip
    return None


def is_host(value: object) -> bool:
    """``value`` is a string :func:`host_problem` takes."""
    return isinstance(value, str) and host_problem(value) is None
