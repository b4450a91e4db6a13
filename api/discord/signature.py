"""Discord's signature on an interaction: Ed25519 over the timestamp and the raw body.

Discord signs every request it sends to an app's interactions endpoint with the app's private
key; the app checks ``X-Signature-Ed25519`` (hex) over ``X-Signature-Timestamp`` followed by the
body exactly as received, with the public key shown in the developer portal
(``RPG_DISCORD_PUBLIC_KEY``, hex). A request whose signature does not check, or whose timestamp
is further from now than :data:`MAX_AGE_SECONDS` (a recorded request sent again), is refused
before anything of it is read. The curve arithmetic is the ``cryptography`` package's.
"""

from __future__ import annotations

from functools import lru_cache

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

#: How far a request's timestamp may be from the server's clock, either way (seconds).
MAX_AGE_SECONDS = 300
#: An Ed25519 signature is 64 bytes, written as 128 hex digits.
SIGNATURE_HEX = 128


@lru_cache(maxsize=4)
def public_key(hex_key: str) -> Ed25519PublicKey:
    """The app's public key from its hex form (32 bytes); ``ValueError`` when it is not one."""
    return Ed25519PublicKey.from_public_bytes(bytes.fromhex(hex_key.strip()))


def verified(hex_key: str, signature: str | None, timestamp: str | None, body: bytes,
             now: float) -> bool:
    """Whether ``signature`` is the app's key's over ``timestamp`` + ``body``, sent lately."""
    if not signature or not timestamp or len(signature) != SIGNATURE_HEX:
        return False
    if not timestamp.isdigit() or abs(now - int(timestamp)) > MAX_AGE_SECONDS:
        return False
    try:
        public_key(hex_key).verify(bytes.fromhex(signature), timestamp.encode() + body)
    except (InvalidSignature, ValueError):
        return False
    return True
