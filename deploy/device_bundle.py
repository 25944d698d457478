"""A bundle's checks on the box: the pinned key, the signature, the manifest, every file.

Part of the device-side installer (:mod:`deploy.device_install`); ``deploy/provision`` puts
this file beside it in ``/opt/tressette/bin``. Nothing of a bundle is parsed before its
manifest's signature is checked against the pinned ed25519 key; then the manifest's form,
field by field; then every file the manifest names, and nothing else, by size and SHA-256.
"""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path
from typing import Any

try:  # in the repository (the laptop, the tests)
    from deploy.device_box import (
        EXIT_REFUSED,
        MANIFEST,
        MANIFEST_MAX,
        SIGNATURE,
        SIGNATURE_MAX,
        Box,
        InstallError,
        Log,
        file_kind,
        parse_version,
        read_bundle_file,
        sha256_file,
    )
except ImportError:  # on the box: beside this file in /opt/tressette/bin (deploy/provision)
    from device_box import (  # type: ignore[no-redef,import-not-found]
        EXIT_REFUSED,
        MANIFEST,
        MANIFEST_MAX,
        SIGNATURE,
        SIGNATURE_MAX,
        Box,
        InstallError,
        Log,
        file_kind,
        parse_version,
        read_bundle_file,
        sha256_file,
    )

MANIFEST_FORMAT = "tressette-manifest/1"
_SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._+-]*\Z")
_SAFE_REQ = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*(\[[A-Za-z0-9_,.-]+\])?\Z")


def load_pubkey(box: Box) -> bytes:
    try:
        text = box.pubkey.read_text().strip()
        key = bytes.fromhex(text)
    except (OSError, ValueError) as exc:
        raise InstallError(f"no usable update key at {box.pubkey}: {exc}", EXIT_REFUSED) from exc
    if len(key) != 32:
        raise InstallError(f"update key at {box.pubkey} is not 32 bytes", EXIT_REFUSED)
    return key


def verify_signature(data: bytes, signature_hex: str, pubkey: bytes) -> None:
    # optional: the deploy extra (pynacl), needed only to sign and check bundles
    from nacl.exceptions import BadSignatureError
    from nacl.signing import VerifyKey

    try:
        signature = bytes.fromhex(signature_hex.strip())
        VerifyKey(pubkey).verify(data, signature)
    except (ValueError, BadSignatureError) as exc:
        raise InstallError("bad signature: manifest not signed by the pinned key", EXIT_REFUSED) from exc


def _bundle_files(bundle: Path) -> set[str]:
    found: set[str] = set()
    for dirpath, dirnames, filenames in os.walk(bundle):
        for name in dirnames + filenames:
            path = Path(dirpath, name)
            rel = path.relative_to(bundle).as_posix()
            if path.is_symlink():
                raise InstallError(f"refused: symlink in bundle: {rel}", EXIT_REFUSED)
            if name in filenames:
                mode = path.lstat().st_mode
                if not stat.S_ISREG(mode):
                    raise InstallError(f"refused: {rel} is not a regular file ({file_kind(mode)})", EXIT_REFUSED)
                found.add(rel)
    return found - {MANIFEST, SIGNATURE}


def read_signed_manifest(bundle: Path, pubkey: bytes) -> tuple[dict[str, Any], bytes]:
    """The manifest's bytes, read once and verified before anything parses them.

    Both files are read only if they are regular files of a bounded size: a FIFO or a
    device in their place (a read that never ends) is refused, not waited on."""
    data = read_bundle_file(bundle / MANIFEST, MANIFEST_MAX)
    signature = read_bundle_file(bundle / SIGNATURE, SIGNATURE_MAX).decode("ascii", errors="replace")
    verify_signature(data, signature, pubkey)
    return check_manifest(data), data


def verify_bundle(bundle: Path, pubkey: bytes, log: Log) -> tuple[dict[str, Any], bytes]:
    """Signature first (nothing unsigned is parsed), then the manifest's form, then every file."""
    manifest, data = read_signed_manifest(bundle, pubkey)
    log("ok    signature (pinned ed25519 key)")
    _verify_files(bundle, manifest, log)
    return manifest, data


def check_manifest(data: bytes) -> dict[str, Any]:
    """A signed manifest's form, checked field by field: InstallError (refused) otherwise.

    Signed is not the same as sane (a key holder's mistake, an old builder): the
    version must be canonical PEP 440, names and paths safe, sizes and hashes
    well-formed, before any of it names a file or a directory.
    """
    try:
        manifest = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError) as exc:
        raise InstallError(f"refused: manifest is not JSON: {type(exc).__name__}", EXIT_REFUSED) from exc
    if not isinstance(manifest, dict):
        raise InstallError("refused: manifest is not a JSON object", EXIT_REFUSED)
    if manifest.get("format") != MANIFEST_FORMAT:
        raise InstallError(f"refused: unknown manifest format {str(manifest.get('format'))[:80]!r}",
                           EXIT_REFUSED)
    parse_version(manifest.get("version"))
    name = manifest.get("name")
    if not isinstance(name, str) or not _SAFE_NAME.match(name):
        raise InstallError("refused: bad name in manifest", EXIT_REFUSED)
    requirement = manifest.get("requirement", name)
    if not isinstance(requirement, str) or not _SAFE_REQ.match(requirement):
        raise InstallError("refused: bad requirement in manifest", EXIT_REFUSED)
    files = manifest.get("files")
    if not isinstance(files, dict):
        raise InstallError("refused: manifest has no file list", EXIT_REFUSED)
    for rel, meta in files.items():
        if not _safe_rel(rel):
            raise InstallError(f"refused: unsafe path in manifest: {rel[:120]!r}", EXIT_REFUSED)
        ok = (isinstance(meta, dict) and isinstance(meta.get("sha256"), str)
              and SHA256_HEX.match(meta["sha256"]) is not None
              and type(meta.get("size")) is int and meta["size"] >= 0)
        if not ok:
            raise InstallError(f"refused: bad size or SHA-256 for {rel} in manifest", EXIT_REFUSED)
    return manifest


SHA256_HEX = re.compile(r"^[0-9a-f]{64}\Z")
_SAFE_FILE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._+-]*\Z")


def _safe_rel(rel: str) -> bool:
    """``wheels/<one plain file name>``: nothing else can be named by a manifest."""
    parts = rel.split("/")
    return (len(parts) == 2 and parts[0] == "wheels" and _SAFE_FILE.match(parts[1]) is not None
            and len(rel) <= 255)


def _verify_files(bundle: Path, manifest: dict[str, Any], log: Log) -> None:
    files: dict[str, dict[str, Any]] = manifest["files"]
    present = _bundle_files(bundle)
    missing = sorted(set(files) - present)
    extra = sorted(present - set(files))
    if missing:
        raise InstallError(f"refused: missing from bundle: {', '.join(missing)}", EXIT_REFUSED)
    if extra:
        raise InstallError(f"refused: not in the manifest: {', '.join(extra)}", EXIT_REFUSED)
    for rel, meta in sorted(files.items()):
        path = bundle / rel
        size = path.lstat().st_size
        if size != meta["size"]:
            raise InstallError(
                f"refused: {rel} is {size} bytes, manifest says {meta['size']} (truncated transfer?)",
                EXIT_REFUSED,
            )
        if sha256_file(path, meta["size"]) != meta["sha256"]:
            raise InstallError(f"refused: SHA-256 mismatch for {rel} (tampered?)", EXIT_REFUSED)
    log(f"ok    {len(files)} file(s), sizes and SHA-256 match the manifest")
