"""Official Python SDK for the Public Campus Data API v1 (standard library only)."""
from ._version import __version__
from .client import OPERATIONS, CampusClient
from .errors import CampusApiError, CampusError, CampusNetworkError, CampusTimeoutError
from .retry import DEFAULT_MAX_RETRY_DELAY, DEFAULT_RETRY_BASE, RETRY_STATUSES, parse_retry_after

__all__ = [
    "__version__", "OPERATIONS", "CampusClient", "CampusApiError", "CampusError", "CampusNetworkError",
    "CampusTimeoutError", "DEFAULT_MAX_RETRY_DELAY", "DEFAULT_RETRY_BASE", "RETRY_STATUSES", "parse_retry_after",
]
