"""How a phone gets a seat (docs/phones.md, "Joining"): the seat claims kept across a power
cut, and the codes and join tokens the touchscreen offers."""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import logging
import os
import secrets
import tempfile
from pathlib import Path

log = logging.getLogger("firmware.app.phones")

CLAIMS_FILE = "phones.json"


# ------------------------------------------------------------------ seat claims


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


class SeatClaims:
    """Which seats a phone holds: SHA-256 digests of the seat secrets, kept in a file so
    the phones get their seats back after a power cut (mode 0600, written atomically)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.digests: dict[int, str] = {}
        if path is not None:
            self._load(path)

    def _load(self, path: Path) -> None:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            seats = data["seats"]
            for key, digest in seats.items():
                seat = int(key)
                if 0 <= seat < 8 and isinstance(digest, str) and len(digest) == 64:
                    self.digests[seat] = digest
        except FileNotFoundError:
            return
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            log.warning("phone seats file %s unreadable (%s): every phone joins again", path, exc)
            self.digests = {}

    def _save(self) -> None:
        if self.path is None:
            return
        text = json.dumps({"seats": {str(s): d for s, d in sorted(self.digests.items())}})
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".phones-", suffix=".tmp")
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as f:
                    f.write(text)
                    f.flush()
                    os.fsync(f.fileno())
                os.chmod(tmp, 0o600)
                os.replace(tmp, self.path)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
                raise
        except OSError as exc:  # the seat still works until the next restart
            log.warning("phone seats not saved to %s: %s", self.path, exc)

    def claim(self, seat: int) -> str:
        secret = secrets.token_urlsafe(32)
        self.digests[seat] = _digest(secret)
        self._save()
        return secret

    def seat_of(self, secret: str) -> int | None:
        d = _digest(secret)
        found = None
        for seat, digest in self.digests.items():  # compare every one, in constant time
            if hmac.compare_digest(d, digest):
                found = seat
        return found

    def release(self, seat: int) -> bool:
        if self.digests.pop(seat, None) is None:
            return False
        self._save()
        return True


# ------------------------------------------------------------------ codes and tries


class CodeBook:
    """What joins the seats the touchscreen offers now: per seat a six-digit short code (typed,
    rate-limited) and a join token of 128 random bits (in the QR code only: unguessable, so
    never rate-limited); both used up by the first join, both closed with the offer."""

    def __init__(self) -> None:
        self.codes: dict[str, int] = {}
        self.tokens: dict[str, int] = {}
        self.closed: dict[str, int] = {}  # codes and tokens shown once: seat_taken / code_closed

    def offer(self, seats: frozenset[int]) -> bool:
        """Codes for exactly ``seats``; True if anything changed."""
        changed = False
        for seat in set(self.codes.values()) - seats:
            self._close(seat)
            changed = True
        have = set(self.codes.values())
        for seat in sorted(seats - have):
            while True:
                code = f"{secrets.randbelow(10**6):06d}"
                if code not in self.codes and code not in self.closed:
                    break
            self.codes[code] = seat
            self.tokens[secrets.token_urlsafe(16)] = seat
            changed = True
        return changed

    def _close(self, seat: int) -> None:
        for book in (self.codes, self.tokens):
            for key in [k for k, s in book.items() if s == seat]:
                del book[key]
                self.closed[key] = seat
        while len(self.closed) > 128:
            self.closed.pop(next(iter(self.closed)))

    def renew(self) -> None:
        """A fresh code and token for every seat offered now (the old ones closed)."""
        seats = frozenset(self.codes.values())
        for seat in seats:
            self._close(seat)
        self.offer(seats)

    def take(self, code: str) -> int | None:
        seat = self.codes.get(code)
        if seat is not None:
            self._close(seat)
        return seat

    def take_token(self, token: str) -> int | None:
        """The seat the QR code's ``token`` names (compared in constant time), used up."""
        found = None
        for key, seat in self.tokens.items():
            if hmac.compare_digest(key.encode(), token.encode()):
                found = seat
        if found is not None:
            self._close(found)
        return found

    def code_of(self, seat: int) -> str | None:
        return next((c for c, s in self.codes.items() if s == seat), None)

    def token_of(self, seat: int) -> str | None:
        return next((t for t, s in self.tokens.items() if s == seat), None)
