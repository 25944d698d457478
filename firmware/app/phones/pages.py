"""The phone server's pages (docs/phones.md, "The pages"): the routes a browser asks for
besides the socket, the page's files from an allow-list, its words, the rules, the card
pictures, and the headers and the Host check every answer goes through."""

from __future__ import annotations

import json
import mimetypes
import socket
from collections.abc import Callable, Mapping
from pathlib import Path

from aiohttp import web
from aiohttp.typedefs import Handler

from firmware.app.phones.seatview import TableFeed
from firmware.engine.variants import PRESETS, make_variant
from ui.i18n import LANGUAGES, choose_language
from ui.rulestext import rules_json
from ui.webtext import page_catalogue_json

WEB_DIR = Path(__file__).parent / "web"


class Pages:
    """The routes but the socket; :class:`~firmware.app.phones.server.PhoneServer` adds them."""

    def __init__(
        self,
        web_dir: Path,
        cards: Mapping[str, Mapping[str, bytes]],
        address: str,
        language: Callable[[], str],
        feed: Callable[[], TableFeed | None],
    ) -> None:
        self.assets = load_assets(web_dir)
        self.cards = cards  # the server's card pictures per deck, name -> PNG
        self.address = address
        self.language = language  # the box's, for a phone whose languages it does not speak
        self.feed = feed  # the table now (the rules are the game's on the table)
        self.catalogues: dict[str, bytes] = {}

    @web.middleware
    async def only_our_host(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Every route, present and future, answers only to the box's own names."""
        if not self.host_ok(request):
            raise web.HTTPForbidden(text="host")
        return await handler(request)

    async def index(self, request: web.Request) -> web.StreamResponse:
        return self.asset("index.html")

    async def static(self, request: web.Request) -> web.StreamResponse:
        return self.asset(request.match_info["name"])

    def asset(self, name: str) -> web.Response:
        found = self.assets.get(name)  # a key of the allow-list, never a path
        if found is None:
            raise web.HTTPNotFound(text="not found")
        body, ctype = found
        return web.Response(body=body, content_type=ctype, headers={"Cache-Control": "no-cache"})

    async def catalogue(self, request: web.Request) -> web.StreamResponse:
        lang = request.match_info["lang"]
        if lang == "auto":  # the phone's Accept-Language where the box has it, else the box's
            lang = choose_language(request.headers.get("Accept-Language", "")[:512], self.language())
        if lang not in LANGUAGES:
            raise web.HTTPNotFound(text="not found")
        if lang not in self.catalogues:
            self.catalogues[lang] = page_catalogue_json(lang)
        return web.Response(body=self.catalogues[lang], content_type="application/json")

    async def rules(self, request: web.Request) -> web.StreamResponse:
        """The rules pages of the game on the table (with its options), in the page's
        language: the touchscreen's rules with pictures (ui/rulestext.py). Public facts
        only; no game on the table, nothing to show."""
        lang = request.match_info["lang"]
        if lang not in ("it", "de", "en"):
            raise web.HTTPNotFound(text="not found")
        feed = self.feed()
        variant = next(iter(feed.views.values())).variant if feed is not None and feed.views else None
        if variant is None and feed is not None and feed.info.get("variant") in PRESETS:
            variant = make_variant(str(feed.info["variant"]))
        if variant is None:
            raise web.HTTPNotFound(text="no game")
        body = json.dumps(rules_json(variant, lang), ensure_ascii=False)
        return web.Response(text=body, content_type="application/json")

    async def card(self, request: web.Request) -> web.StreamResponse:
        # both names are keys of dicts made at start, never a path
        body = self.cards.get(request.match_info["deck"], {}).get(request.match_info["name"])
        if body is None:
            raise web.HTTPNotFound(text="not found")
        return web.Response(body=body, content_type="image/png", headers={"Cache-Control": "max-age=86400"})

    def host_ok(self, request: web.Request) -> bool:
        """The Host the request names is this box: its name, the address it was reached on,
        localhost. A foreign name that resolves here (DNS rebinding) is refused."""
        host = request.host.rsplit(":", 1)[0] if not request.host.endswith("]") else request.host
        host = host.strip("[]").lower()
        sock = request.transport.get_extra_info("sockname") if request.transport is not None else None
        here = {self.address.lower(), "localhost", "127.0.0.1", "::1", socket.gethostname().lower(),
                socket.gethostname().lower() + ".local"}  # fmt: skip
        if sock:
            here.add(str(sock[0]).lower())
        return host in here

    def origin_ok(self, request: web.Request) -> bool:
        origin = request.headers.get("Origin")
        return origin is not None and origin in (f"http://{request.host}", f"https://{request.host}")


async def headers(request: web.Request, response: web.StreamResponse) -> None:
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    response.headers.setdefault("X-Frame-Options", "DENY")
    response.headers.setdefault(
        "Content-Security-Policy",
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'",
    )


def load_assets(web_dir: Path) -> dict[str, tuple[bytes, str]]:
    """The allow-list: every regular file under ``web_dir`` (by its relative name), read once.

    A request's name is looked up in this dict and nothing else: no path from a
    request ever reaches the file system, and nothing is listed."""
    out: dict[str, tuple[bytes, str]] = {}
    if not web_dir.is_dir():
        return out
    for path in sorted(web_dir.rglob("*")):
        if not path.is_file() or path.is_symlink() or path.name.startswith("."):
            continue
        name = path.relative_to(web_dir).as_posix()
        ctype = mimetypes.guess_type(name)[0] or "application/octet-stream"
        if name.endswith(".js"):
            ctype = "text/javascript"
        out[name] = (path.read_bytes(), ctype)
    return out
