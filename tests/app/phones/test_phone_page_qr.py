"""The phone page opened by the join screen's QR code joins past anybody's wrong codes
(docs/phones.md, "Joining", "Limits"): a real Chromium page, the box as a process."""

from __future__ import annotations

from pathlib import Path

import aiohttp
import pytest

from firmware.app.phones.client import PhoneClient

from .browser import Box, Phone, browser, run_async

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


def test_the_qr_code_joins_while_typed_codes_wait_out_a_guessers_minute(tmp_path: Path) -> None:
    box = Box(tmp_path, "phone,cpu:easy,phone,cpu:easy", "treseta4", seed=5)
    box.start()
    try:
        codes, qrs = box.codes(), box.qr_codes()
        assert set(qrs) == {0, 2} and all(f"#join={codes[s]}&key=" in qrs[s] for s in qrs)

        async def guess() -> dict[str, object]:
            """Twenty wrong codes from twenty addresses, then the right code typed."""
            wrong = (f"{n:06d}" for n in range(10**6) if f"{n:06d}" not in codes.values())
            for k in range(1, 21):
                net = aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(f"127.0.7.{k}", 0)))
                try:
                    assert (await PhoneClient(net, box.url).join(next(wrong)))["code"] == "bad_code"
                finally:
                    await net.close()
            async with aiohttp.ClientSession() as net:
                return await PhoneClient(net, box.url).join(codes[2])

        assert run_async(guess())["code"] == "too_many_tries"
        with browser() as b:
            phone = Phone(b, box, lang="en")
            phone.scan(qrs[0])
            assert phone.seat() == 0 and not phone.errors
            assert "#" not in phone.page.url  # the code and token left the address bar
    finally:
        box.stop()
