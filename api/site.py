"""The built docs site (``mkdocs build`` → ``site/``) served at ``/`` beside the API.

One process gives the GM both the rules and the API. When the site has not been built, ``/``
says how to build it instead of failing.
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, abort, current_app, send_from_directory
from flask_compress import Compress
from werkzeug.exceptions import HTTPException
from werkzeug.security import safe_join

from api.security import site_file_policy

bp = Blueprint("site", __name__)
#: Compresses the site's files for clients that accept it (a phone fetches the calculators'
#: bundle in about 30 KB, not 73 KB); the API's small answers are left as they are.
compress = Compress()


def _site_dir() -> Path:
    return Path(current_app.config["SITE_DIR"])


@bp.route("/", defaults={"path": ""})
@bp.route("/<path:path>")
@compress.compressed()
def page(path: str) -> Response:
    """A file of the built site; a folder gives its ``index.html``."""
    if path.startswith("api/"):
        abort(404)
    root = _site_dir()
    if not (root / "index.html").is_file():
        return Response(
            "Stránky s pravidly nejsou sestavené: spusť `mkdocs build`.\n"
            "The rules site is not built: run `mkdocs build`. The API is at /api/v1/docs.\n",
            status=404 if path else 200, mimetype="text/plain")
    target = safe_join(str(root), path)
    if target is None:
        abort(404)
    if Path(target).is_dir():
        path = f"{path.rstrip('/')}/index.html".lstrip("/")
        target = str(root / path)
    response = send_from_directory(root, path)
    if response.status_code in (200, 206):
        # Read whole (the site's files are small): flask-compress gzips only a response that is
        # not a streamed file, and phones on plain HTTP ask for gzip, not brotli.
        response.direct_passthrough = False
        response.make_sequence()
    # Its file is closed now, whatever the answer (a 304 or a refused range sends no body), not
    # when the server closes the answer, which a client gone away leaves to the garbage collector.
    response.close()
    _add_policy(response, Path(target))
    return response


def site_file_exists(path: str) -> bool:
    """Whether ``path`` names a file of the built site (a folder: its ``index.html``)."""
    target = safe_join(str(_site_dir()), path)
    if target is None:
        return False
    file = Path(target)
    return file.is_file() or (file / "index.html").is_file()


def _add_policy(response: Response, file: Path) -> None:
    # The page's own inline scripts (Material's bootstrap, calculators) are allowed by hash.
    if file.is_file():
        response.headers["Content-Security-Policy"] = site_file_policy(
            file, current_app.config["FRAME_ANCESTORS"])


def not_found(error: HTTPException) -> Response | HTTPException:
    """The site's own 404 page, where there is one (API paths answer JSON elsewhere)."""
    missing = _site_dir() / "404.html"
    if missing.is_file():
        response = Response(missing.read_bytes(), status=404, mimetype="text/html")
        _add_policy(response, missing)
        return response
    return error
