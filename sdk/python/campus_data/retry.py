"""Retry rules (SPEC section 7).

Retried: HTTP 429, 502, 503, 504, network failures and timeouts, at most ``retries`` times. Never retried:
any other status (a 4xx is final: validation failures do not fix themselves). Delay before retry n
(0-based): on 429 or 503 with Retry-After (seconds or HTTP date), that delay capped at ``max_retry_delay``;
otherwise full-jitter exponential backoff: uniform(0, min(max_retry_delay, retry_base * 2**n)).
Every operation of the API is a read or a pure calculation (POSTs store nothing), so retrying is safe.
"""
import random
import time
from email.utils import parsedate_to_datetime
from typing import Callable, Optional

from .errors import CampusApiError, CampusError

RETRY_STATUSES = frozenset({429, 502, 503, 504})
#: Default cap (seconds) on any single wait between attempts, Retry-After included.
DEFAULT_MAX_RETRY_DELAY = 30.0
#: Default first backoff ceiling (seconds); doubles per retry.
DEFAULT_RETRY_BASE = 0.5


def parse_retry_after(value: Optional[str], now: Optional[float] = None) -> Optional[float]:
    """Retry-After as seconds from ``now``: delta-seconds or an HTTP date; None when absent or invalid."""
    if value is None:
        return None
    text = value.strip()
    if text.isdigit():
        return float(text)
    try:
        at = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    if at is None or at.tzinfo is None:
        return None
    return max(0.0, at.timestamp() - (time.time() if now is None else now))


def is_retryable(err: BaseException) -> bool:
    if isinstance(err, CampusApiError):
        return err.status in RETRY_STATUSES
    return isinstance(err, CampusError)  # network failures and timeouts


def retry_delay(err: BaseException, retry: int, retry_base: float, max_retry_delay: float,
                rand: Callable[[], float] = random.random) -> float:
    """Seconds to wait before retry number ``retry`` (0-based) after ``err``."""
    if isinstance(err, CampusApiError) and err.status in (429, 503) and err.retry_after is not None:
        return min(err.retry_after, max_retry_delay)
    return rand() * min(max_retry_delay, retry_base * (2 ** retry))
