"""Where a league webhook may post: http(s) to a host that resolves only to public addresses.

A commissioner types the URL, and the server posts to it: without a check, a webhook could reach
the machine's own services or its private network (server-side request forgery). The address is
checked when the webhook is saved and again at each send, where the connection goes to the very
address checked (a name that resolves elsewhere the second time, DNS rebinding, gains nothing) and
redirects are not followed. WEBHOOKS_ALLOW_PRIVATE lifts the address check (tests, local setups).
"""

from __future__ import annotations

import http.client
import ipaddress
import socket
import urllib.request
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


def is_public(ip: IPAddress) -> bool:
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped  # ::ffff:127.0.0.1 is 127.0.0.1
    refused = (
        ip.is_loopback,
        ip.is_private,
        ip.is_link_local,
        ip.is_multicast,
        ip.is_reserved,
        ip.is_unspecified,
        not ip.is_global,  # shared address space (100.64/10) and the like
    )
    return not any(refused)


def public_addresses(host: str, port: int) -> list[str]:
    """The addresses `host` resolves to, all of them public; a ValidationError otherwise."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as error:
        raise ValidationError(_("The host %(host)s could not be found.") % {"host": host}) from error
    addresses = [str(info[4][0]) for info in found]
    if not addresses:
        raise ValidationError(_("The host %(host)s could not be found.") % {"host": host})
    if not settings.WEBHOOKS_ALLOW_PRIVATE:
        for address in addresses:
            if not is_public(ipaddress.ip_address(address.split("%", 1)[0])):
                raise ValidationError(
                    _("The host %(host)s is not a public address (%(address)s): a webhook posts only to the internet.")
                    % {"host": host, "address": address}
                )
    return addresses


def check_url(url: str) -> None:
    """Refuse (ValidationError) a URL that is not http(s) or whose host is not public."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as error:
        raise ValidationError(_("Enter a valid URL.")) from error
    if parts.scheme not in ("http", "https"):
        raise ValidationError(_("A webhook's URL starts with http:// or https://."))
    if not parts.hostname:
        raise ValidationError(_("Enter a valid URL."))
    public_addresses(parts.hostname, port or (443 if parts.scheme == "https" else 80))


def _pinned_connection(
    address: tuple[str, int], timeout: Any = None, source_address: Any = None, **kw: Any
) -> socket.socket:
    """socket.create_connection to an address just checked, never to a fresh resolution."""
    host, port = address
    error: OSError | None = None
    for ip in public_addresses(host, port):
        try:
            return socket.create_connection((ip, port), timeout, source_address)
        except OSError as refused:
            error = refused
    raise error or OSError(f"cannot connect to {host}")


class _HTTPConnection(http.client.HTTPConnection):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._create_connection = _pinned_connection


class _HTTPSConnection(http.client.HTTPSConnection):
    # The TLS handshake still names and checks the URL's host: only the TCP address is pinned.
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._create_connection = _pinned_connection


class _HTTPHandler(urllib.request.HTTPHandler):
    def http_open(self, req: Any) -> Any:
        return self.do_open(_HTTPConnection, req)


class _HTTPSHandler(urllib.request.HTTPSHandler):
    def https_open(self, req: Any) -> Any:
        return self.do_open(_HTTPSConnection, req, context=self._context)  # type: ignore[attr-defined]


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    # A redirect could lead anywhere, a private address included: a 3xx is an answer, not delivered.
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def opener() -> urllib.request.OpenerDirector:
    """urllib with no proxy from the environment, pinned connections and no redirect."""
    return urllib.request.build_opener(urllib.request.ProxyHandler({}), _HTTPHandler, _HTTPSHandler, _NoRedirect)
