"""Property tests for the update bundle's input surface (issue 12, deploy).

Whatever a bundle holds, the checks shared by the laptop (before the push) and
the box (before anything is written) either refuse it with exit 3 or accept
only values that are safe to use: a canonical version that is one plain path
component, file names that stay inside ``wheels/``. No other exception ever
escapes. The example tests beside these (test_untrusted_bundle.py) reproduce
each fault that was seen.
"""

from __future__ import annotations

import hashlib
import json
import string
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from nacl.signing import SigningKey
from packaging.version import Version

from deploy import device_install
from deploy.device_box import (
    EXIT_REFUSED,
    EXIT_USAGE,
    MANIFEST,
    SIGNATURE,
    Box,
    InstallError,
    Log,
    parse_version,
    same_version,
)
from deploy.device_bundle import MANIFEST_FORMAT, check_manifest, verify_bundle

PROPS = settings(max_examples=300, deadline=None, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow])
KEY = SigningKey(bytes(range(32)))  # fixed: the tests are deterministic
PUBKEY = bytes(KEY.verify_key)

# Text that looks like versions and paths more often than uniform text would.
version_like = st.one_of(
    st.text(max_size=40),
    st.from_regex(r"\Av?[0-9]{1,3}(\.[0-9]{1,3}){0,4}([-_.]?(a|b|c|rc|alpha|pre)[0-9]{0,2})?"
                  r"(\.post[0-9]?)?(\.dev[0-9]?)?(\+[a-z0-9.]{0,6})?\Z"),
    st.lists(st.sampled_from(["..", ".", "/", "1", "0", "etc", "evil", "\n", "\x00", "+", "!"]),
             max_size=8).map("".join),
)


def _raises_refused(fn: Callable[..., object], *args: object) -> InstallError | None:
    try:
        fn(*args)
    except InstallError as exc:
        assert exc.code == EXIT_REFUSED
        return exc
    return None


@PROPS
@given(version_like)
def test_a_version_is_canonical_and_one_plain_path_component_or_refused(text: str) -> None:
    if _raises_refused(parse_version, text) is not None:
        return
    v = parse_version(text)
    assert str(v) == text and v == Version(text)
    assert v.local is None and v.epoch == 0
    assert "/" not in text and text not in (".", "..") and text.isascii()
    assert set(text) <= set(string.digits + ".abrcpostdev")


@PROPS
@given(version_like, version_like)
def test_same_version_agrees_with_packaging(a: str, b: str) -> None:
    assert same_version(a, a)
    assert same_version(a, b) == same_version(b, a)
    try:
        va, vb = parse_version(a), parse_version(b)
    except InstallError:
        return
    assert same_version(a, b) == (va == vb)


def _good_manifest(**changes: Any) -> dict[str, Any]:
    manifest: dict[str, Any] = {
        "format": MANIFEST_FORMAT, "name": "tressette-box", "version": "1.2.0",
        "requirement": "tressette-box[pi]",
        "files": {"wheels/tressette_box-1.2.0-py3-none-any.whl": {"sha256": "0" * 64, "size": 10}},
    }
    manifest.update(changes)
    return manifest


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20,
)
fields = st.sampled_from(["format", "name", "version", "requirement", "files"])


@PROPS
@given(st.dictionaries(fields, json_values, max_size=5))
def test_any_change_of_a_signed_manifests_fields_is_refused_or_safe(changes: dict[str, Any]) -> None:
    data = json.dumps(_good_manifest(**changes)).encode()
    if _raises_refused(check_manifest, data) is not None:
        return
    manifest = check_manifest(data)
    parse_version(manifest["version"])
    for rel, meta in manifest["files"].items():
        assert rel.startswith("wheels/") and rel.count("/") == 1 and ".." not in rel.split("/")
        assert type(meta["size"]) is int and meta["size"] >= 0


@PROPS
@given(st.text(max_size=60) | st.lists(st.sampled_from(["wheels", "..", ".", "", "a.whl", "/", "\x00"]),
                                       max_size=5).map("/".join))
def test_a_file_name_in_a_manifest_stays_inside_wheels_or_is_refused(rel: str) -> None:
    data = json.dumps(_good_manifest(files={rel: {"sha256": "0" * 64, "size": 1}})).encode()
    if _raises_refused(check_manifest, data) is not None:
        return
    root = Path("/bundle")
    assert (root / rel).resolve().parent == root / "wheels"


@PROPS
@given(st.binary(max_size=300))
def test_any_bytes_as_a_signed_manifest_are_refused_or_a_checked_manifest(data: bytes) -> None:
    if _raises_refused(check_manifest, data) is not None:
        return
    parse_version(check_manifest(data)["version"])


def test_a_deeply_nested_signed_manifest_is_refused_cleanly() -> None:
    data = b'{"files": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    assert _raises_refused(check_manifest, data) is not None


# --------------------------------------------------------------------------- tampering


def _bundle(d: Path) -> tuple[Path, bytes]:
    bundle = d / "bundle"
    (bundle / "wheels").mkdir(parents=True)
    wheel = b"PK not really a wheel"
    (bundle / "wheels/tressette_box-1.2.0-py3-none-any.whl").write_bytes(wheel)
    manifest = _good_manifest(files={"wheels/tressette_box-1.2.0-py3-none-any.whl": {
        "sha256": hashlib.sha256(wheel).hexdigest(), "size": len(wheel)}})
    data = json.dumps(manifest, indent=1, sort_keys=True).encode()
    (bundle / MANIFEST).write_bytes(data)
    (bundle / SIGNATURE).write_text(KEY.sign(data).signature.hex() + "\n")
    return bundle, data


edits = st.lists(st.tuples(st.sampled_from(["flip", "insert", "delete", "truncate"]),
                           st.integers(0, 10_000), st.integers(1, 255)), min_size=1, max_size=4)


def _edit(data: bytes, ops: list[tuple[str, int, int]]) -> bytes:
    out = bytearray(data)
    for op, at, byte in ops:
        i = at % (len(out) + 1)
        if op == "flip" and out:
            out[i % len(out)] ^= byte
        elif op == "insert":
            out[i:i] = bytes([byte])
        elif op == "delete" and out:
            del out[i % len(out)]
        elif op == "truncate":
            del out[i:]
    return bytes(out)


@PROPS
@given(edits, st.booleans())
def test_a_tampered_manifest_or_signature_is_refused(ops: list[tuple[str, int, int]],
                                                     signature: bool) -> None:
    with tempfile.TemporaryDirectory() as d:
        bundle, data = _bundle(Path(d))
        target = bundle / (SIGNATURE if signature else MANIFEST)
        before = target.read_bytes()
        after = _edit(before, ops)
        assume(after.strip() != before.strip())
        target.write_bytes(after)

        refused = _raises_refused(verify_bundle, bundle, PUBKEY, Log(None))

        assert refused is not None


def test_the_untampered_bundle_is_accepted(tmp_path: Path) -> None:
    bundle, data = _bundle(tmp_path)
    manifest, raw = verify_bundle(bundle, PUBKEY, Log(None))
    assert raw == data and manifest["version"] == "1.2.0"


# --------------------------------------------------------------------------- the box's choice


@PROPS
@given(st.text(max_size=80) | st.text("0123456789abcdef./", min_size=60, max_size=70))
def test_receive_makes_a_directory_directly_in_incoming_or_refuses(name: str) -> None:
    with tempfile.TemporaryDirectory() as d:
        box = Box(Path(d))
        try:
            chosen = device_install.receive(box, name)
        except InstallError as exc:
            assert exc.code == EXIT_USAGE
            assert not box.incoming.exists() or list(box.incoming.iterdir()) == []
            return
        assert chosen.parent == box.incoming and chosen.name == f"{name}.partial"
        assert [p.name for p in Path(d).rglob("*") if p.is_dir()] == ["opt", "tressette", "incoming",
                                                                        chosen.name]


@pytest.mark.parametrize("name", ["../" * 3 + "etc/tressette/evil", "0" * 64 + "/../../x", "0" * 64 + "\n"])
def test_receive_refuses_what_is_not_a_manifest_hash(tmp_path: Path, name: str) -> None:
    with pytest.raises(InstallError) as refused:
        device_install.receive(Box(tmp_path), name)
    assert refused.value.code == EXIT_USAGE
    assert list(tmp_path.rglob("*")) == []
