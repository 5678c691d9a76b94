"""Small shared pieces for the outbound OpenAI-compatible clients (embeddings, LLM judge)."""

from __future__ import annotations

import urllib.parse
import urllib.request


class NoRedirect(urllib.request.HTTPRedirectHandler):
    """Refuse redirects.

    urllib would turn a redirected POST into a body-less GET and could forward the bearer token
    to another host; these endpoints have no business redirecting, so a 3xx surfaces as an error.
    """

    def redirect_request(self, req, fp, code, msg, headers, newurl):  # type: ignore[no-untyped-def]  # noqa: ANN001, ANN201
        return None


def openai_endpoint(base_url: str, resource: str, *, what: str) -> str:
    """``{base}/v1/{resource}`` from a base URL that may already end in ``/v1`` or the resource.

    Only absolute http(s) URLs: urllib also speaks file:// and ftp://, and configuration must
    never turn a client into a local-file reader.
    """
    parts = urllib.parse.urlsplit((base_url or "").strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"{what} URL must be an absolute http(s) URL")
    path = parts.path.rstrip("/")
    if path.endswith(f"/v1/{resource}"):
        pass
    elif path.endswith("/v1"):
        path += f"/{resource}"
    else:
        path += f"/v1/{resource}"
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, path, parts.query, ""))


def safe_url(url: str) -> str:
    """Scheme, host and path only: no credentials, no query string (for logs and reprs)."""
    parts = urllib.parse.urlsplit(url)
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc.rpartition("@")[2], parts.path, "", ""))
