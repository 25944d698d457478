"""``with`` for every device, the gpiozero way: leaving the block closes it."""

from __future__ import annotations

from types import TracebackType
from typing import Self


class Closing:
    """Base of everything in ``hal`` that holds a pin, a port or a thread."""

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
