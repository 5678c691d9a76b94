"""Small shared pieces for the outbound OpenAI-compatible clients (embeddings, the LLM judge, the
LLM claim extractor)."""

from __future__ import annotations

import http.client
import json
import logging
import urllib.error
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


#: What ``post_chat_completion`` returns when there is no completion to read.
NO_CONTENT: object = object()


def post_chat_completion(opener: urllib.request.OpenerDirector, url: str, body: bytes, *, api_key: str,
                         timeout: float, user_agent: str, max_bytes: int, who: str, shown_url: str,
                         log: logging.Logger) -> object:
    """POST one chat completion request; the assistant message's ``content`` (any JSON type), or
    ``NO_CONTENT`` when the call failed or the answer was not a completion.

    Every failure is logged as ``"<who> <shown_url> …"`` with the status or exception type only:
    the response body is never read on an HTTP error (servers echo the request, i.e. the text).
    """
    req = urllib.request.Request(url, data=body, method="POST")
    req.add_header("Content-Type", "application/json")
    req.add_header("Accept", "application/json")
    req.add_header("User-Agent", user_agent)
    if api_key:
        req.add_unredirected_header("Authorization", f"Bearer {api_key}")
    try:
        with opener.open(req, timeout=timeout) as resp:
            raw = resp.read(max_bytes + 1)
    except urllib.error.HTTPError as exc:
        code = exc.code
        exc.close()  # the body is never read: servers echo the request in errors
        log.warning("%s %s returned HTTP %d", who, shown_url, code)
        return NO_CONTENT
    except urllib.error.URLError as exc:
        reason = "timeout" if isinstance(exc.reason, TimeoutError) else type(exc.reason).__name__
        log.warning("%s %s unreachable (%s)", who, shown_url, reason)
        return NO_CONTENT
    except TimeoutError:
        log.warning("%s %s timed out after %.1fs", who, shown_url, timeout)
        return NO_CONTENT
    except (OSError, http.client.HTTPException, ValueError) as exc:
        log.warning("%s %s failed (%s)", who, shown_url, type(exc).__name__)
        return NO_CONTENT
    if len(raw) > max_bytes:
        log.warning("%s %s sent an oversized response", who, shown_url)
        return NO_CONTENT
    try:
        return json.loads(raw)["choices"][0]["message"]["content"]
    except (ValueError, KeyError, IndexError, TypeError):
        log.warning("%s %s sent a malformed completion", who, shown_url)
        return NO_CONTENT

