"""Error kinds. Every failure the client raises is a CampusError:

- CampusApiError: the server answered with a non-2xx status (fields from the v1 error envelope);
- CampusTimeoutError: no complete answer within ``timeout`` seconds (per attempt);
- CampusNetworkError: the request could not be sent or the answer not received (DNS, refused, reset...).
"""
import json
from typing import Any, Mapping, Optional


class CampusError(Exception):
    """Base class of every error the SDK raises."""


class CampusApiError(CampusError):
    """A non-2xx answer. ``code`` is the envelope's stable code, or ``http_<status>`` when the body is not
    the API's envelope (e.g. a proxy's 502 page)."""

    def __init__(self, status: int, code: str, message: str, details: Any = None,
                 request_id: Optional[str] = None, retry_after: Optional[float] = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.details = details
        self.request_id = request_id
        #: Seconds requested by Retry-After (uncapped), or None.
        self.retry_after = retry_after

    def __repr__(self) -> str:
        return "CampusApiError(status=%d, code=%r, message=%r, request_id=%r)" % (
            self.status, self.code, self.message, self.request_id)


class CampusNetworkError(CampusError):
    """The request could not be sent or the answer could not be received."""


class CampusTimeoutError(CampusError):
    """No complete answer within the per-attempt timeout."""

    def __init__(self, timeout: float) -> None:
        super().__init__("no complete response within %g s" % timeout)
        self.timeout = timeout


def api_error(status: int, headers: Mapping[str, str], body: bytes,
              retry_after: Optional[float]) -> CampusApiError:
    """Builds the CampusApiError for a non-2xx answer."""
    try:
        envelope = json.loads(body.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        envelope = None
    err = envelope.get("error") if isinstance(envelope, dict) else None
    meta = envelope.get("meta") if isinstance(envelope, dict) else None
    request_id = meta.get("requestId") if isinstance(meta, dict) else None
    if not isinstance(request_id, str):
        request_id = headers.get("X-Request-Id")
    if isinstance(err, dict) and isinstance(err.get("code"), str):
        return CampusApiError(status, err["code"], str(err.get("message", err["code"])),
                              err.get("details"), request_id, retry_after)
    return CampusApiError(status, "http_%d" % status, "HTTP %d without an API error envelope" % status,
                          None, request_id, retry_after)
