"""The reader thread on real (virtual) serial ports: loop:// and pty pairs.

Waiting here is on the event queue with a bounded timeout, never a sleep.
"""

from __future__ import annotations

import os
import queue
from collections.abc import Iterator
from pathlib import Path
from typing import TypeVar

import pytest
import serial

from hal.events import EventQueue, HalEvent, ReaderOffline, ReaderOnline, TagRemoved, TagSeen
from hal.reader import LineParser, RDM6300Parser, ReaderThread, rdm6300_frame
from hal.sim import PtyReader, PtyReaderFeed
from hal.timing import Backoff

TAG_A, TAG_B = "0A00B1C2D3", "1F2E3D4C5B"
WAIT = 5.0
H = TypeVar("H", bound=HalEvent)



def next_of(events: EventQueue[HalEvent], kind: type[H], timeout: float = WAIT) -> H:
    """The next event of ``kind``, skipping others; fail after ``timeout``."""
    while True:
        try:
            event = events.get(timeout=timeout)
        except queue.Empty:
            pytest.fail(f"no {kind.__name__} within {timeout} s")
        if isinstance(event, kind):
            return event


def test_frames_through_loop_url(events: EventQueue[HalEvent]) -> None:
    port = serial.serial_for_url("loop://", timeout=0.02)
    with ReaderThread("loop://", parser=RDM6300Parser(), events=events, opener=lambda: port):
        assert next_of(events, ReaderOnline).port == "loop://"
        stream = b"garbage" + rdm6300_frame(TAG_A) * 3
        port.write(stream[:9])
        port.write(stream[9:])
        assert next_of(events, TagSeen).tag_id == TAG_A


def test_a_missing_port_is_reported_once_and_retried(events: EventQueue[HalEvent], tmp_path: Path) -> None:
    attempts: list[int] = []
    port = serial.serial_for_url("loop://", timeout=0.02)

    def opener() -> serial.SerialBase:
        attempts.append(1)
        if len(attempts) < 4:
            raise serial.SerialException("could not open port /dev/serial/by-id/x")
        return port

    with ReaderThread(
        "x", parser=RDM6300Parser(), events=events, opener=opener,
        backoff=Backoff(initial=0.001, maximum=0.004),
    ) as reader:
        offline = next_of(events, ReaderOffline)
        assert "could not open port" in offline.reason
        next_of(events, ReaderOnline)
        assert reader.online and len(attempts) == 4
    assert events.drain() == []  # one offline report for three failures


@pytest.fixture
def pty_reader(events: EventQueue[HalEvent]) -> Iterator[PtyReader]:
    # the product's windows (0.5 s, a partial frame stale after 0.25 s) are the card's and the
    # serial line's pace; a busy machine's reader thread may sleep longer than they last between
    # two reads of one scan: the tests' windows leave it a second
    with PtyReader(
        events=events, parser=RDM6300Parser(repeat_window=1.0, stale_timeout=1.0),
        backoff=Backoff(initial=0.01, maximum=0.05),
    ) as reader:
        next_of(events, ReaderOnline)
        yield reader


def test_pty_tags_seen_once_then_removed(pty_reader: PtyReader, events: EventQueue[HalEvent]) -> None:
    for _ in range(3):
        pty_reader.scan(TAG_A)
    assert next_of(events, TagSeen).tag_id == TAG_A
    assert next_of(events, TagRemoved).tag_id == TAG_A
    assert events.drain() == []


def test_pty_partial_frames_and_garbage(pty_reader: PtyReader, events: EventQueue[HalEvent]) -> None:
    frame = rdm6300_frame(TAG_B)
    pty_reader.write(b"\x00\xffnoise" + frame[:5])
    pty_reader.write(frame[5:])
    assert next_of(events, TagSeen).tag_id == TAG_B


def test_pty_unplug_and_replug(pty_reader: PtyReader, events: EventQueue[HalEvent]) -> None:
    pty_reader.scan(TAG_A)
    next_of(events, TagSeen)
    pty_reader.unplug()
    offline = next_of(events, ReaderOffline)
    assert "lost" in offline.reason or "cannot open" in offline.reason
    pty_reader.replug()
    next_of(events, ReaderOnline)
    pty_reader.scan(TAG_B)
    assert next_of(events, TagSeen).tag_id == TAG_B
    assert pty_reader.thread.opens == 2


def test_the_port_is_opened_exclusively(pty_reader: PtyReader) -> None:
    with pytest.raises(serial.SerialException):
        serial.Serial(pty_reader.feed.port, exclusive=True)


def test_barcode_lines_through_a_pty(events: EventQueue[HalEvent]) -> None:
    with PtyReader(events=events, protocol="lines", parser=LineParser()) as reader:
        next_of(events, ReaderOnline)
        reader.scan("CARD42")
        reader.write(b"CA")
        reader.write(b"RD43\r\n")
        assert next_of(events, TagSeen).tag_id == "CARD42"
        assert next_of(events, TagSeen).tag_id == "CARD43"


def test_feed_link_follows_replug(tmp_path: Path) -> None:
    link = tmp_path / "by-id" / "usb-reader"
    with PtyReaderFeed(link) as feed:
        first = os.readlink(link)
        feed.unplug()
        assert not link.exists() and not feed.plugged
        with pytest.raises(OSError):
            feed.scan(TAG_A)
        feed.replug()
        assert link.is_symlink() and os.readlink(link).startswith("/dev/pts/")
        assert first.startswith("/dev/pts/")
    assert not link.is_symlink()
