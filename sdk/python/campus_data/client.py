"""CampusClient: one method per v1 operation of the OpenAPI document (see OPERATIONS below).

Each method is one line over ``_get``/``_post``; adding an operation is one such method plus its OPERATIONS
entry. Transport: urllib (standard library), per-attempt timeout, retries per retry.py.
"""
import json
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from http.client import HTTPException
from typing import Any, Callable, Dict, Iterator, Mapping, Optional, Tuple, cast

from . import models as m
from ._version import __version__
from .errors import CampusError, CampusNetworkError, CampusTimeoutError, api_error
from .retry import DEFAULT_MAX_RETRY_DELAY, DEFAULT_RETRY_BASE, is_retryable, parse_retry_after, retry_delay

#: operationId (of the served OpenAPI document) -> the CampusClient method covering it. The drift test fails
#: when the document has a v1 GET/POST operation missing here, or a method named here does not exist.
OPERATIONS: Dict[str, str] = {
    "getV1": "info",
    "getV1OpenapiJson": "openapi",
    "getV1Universities": "universities",
    "getV1UniversitiesUniversity": "university",
    "getV1Campuses": "campuses",
    "getV1CampusesCampus": "campus",
    "getV1Buildings": "buildings",
    "getV1BuildingsBuilding": "building",
    "getV1BuildingsBuildingEntrances": "entrances",
    "getV1CampusesCampusMap": "campus_map",
    "getV1Places": "places",
    "getV1PlacesPlaceId": "place",
    "getV1Routes": "get_route",
    "postV1Routes": "route",
    "postV1GapsPlan": "gap_plan",
    "getV1Datasets": "datasets",
    "getV1DatasetsDataVersionFile": "dataset_file",
}

Raw = Tuple[int, Mapping[str, str], bytes]


class CampusClient:
    """Client of the Campus Data API v1.

    ``base_url`` is the server's origin (e.g. ``http://localhost:3000``); the client adds ``/v1``.
    ``retries``: retries after the first attempt for 429/502/503/504, network failures and timeouts.
    ``timeout``: seconds per attempt. ``retry_base``: first backoff ceiling in seconds, doubled per retry.
    ``max_retry_delay``: cap in seconds on any single wait, Retry-After included.
    """

    def __init__(self, base_url: str, retries: int = 2, timeout: float = 10.0,
                 user_agent: Optional[str] = None, *, retry_base: float = DEFAULT_RETRY_BASE,
                 max_retry_delay: float = DEFAULT_MAX_RETRY_DELAY,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.base_url = base_url.rstrip("/")
        self.retries = max(0, int(retries))
        self.timeout = timeout
        self.user_agent = user_agent or "campus-data-sdk-python/" + __version__
        self.retry_base = retry_base
        self.max_retry_delay = max_retry_delay
        self._sleep = sleep

    # ---- catalog
    def info(self) -> m.ApiInfo:
        """API information: versions, capabilities, privacy boundary, attribution, universities, campuses."""
        return self._get("/v1")["data"]

    def openapi(self) -> Dict[str, Any]:
        """The OpenAPI document the server serves."""
        return self._get("/v1/openapi.json")

    def universities(self, **params: Any) -> m.GetV1UniversitiesResponse:
        return self._get("/v1/universities", params)

    def university(self, id: str) -> m.University:
        return self._get(self._path("/v1/universities/{}", id))["data"]

    def campuses(self, **params: Any) -> m.GetV1CampusesResponse:
        return self._get("/v1/campuses", params)

    def campus(self, id: str) -> m.Campus:
        return self._get(self._path("/v1/campuses/{}", id))["data"]

    # ---- buildings and places
    def buildings(self, **params: Any) -> m.GetV1BuildingsResponse:
        """One page of buildings: {"data": [...], "meta": {...}}; meta.pagination.nextOffset is None on the last page."""
        return self._get("/v1/buildings", params)

    def iter_buildings(self, **params: Any) -> Iterator[m.Building]:
        """Every building matching ``params``, page after page."""
        return self._iterate(self.buildings, params)

    def building(self, identifier: str, **params: Any) -> m.Building:
        return self._get(self._path("/v1/buildings/{}", identifier), params)["data"]

    def entrances(self, identifier: str, **params: Any) -> m.GetV1BuildingsBuildingEntrancesResponse:
        """One page of a building's entrances (same resolution as ``building``): {"data": [...], "meta": {...}}."""
        return self._get(self._path("/v1/buildings/{}/entrances", identifier), params)

    def iter_entrances(self, identifier: str, **params: Any) -> Iterator[m.Entrance]:
        """Every entrance of a building, page after page."""
        return self._iterate(lambda **p: self.entrances(identifier, **p), params)

    def campus_map(self, id: str) -> m.CampusMap:
        """The campus map: a GeoJSON FeatureCollection (buildings, entrances, walking-graph edges)."""
        return self._get(self._path("/v1/campuses/{}/map", id))

    def places(self, **params: Any) -> m.GetV1PlacesResponse:
        return self._get("/v1/places", params)

    def iter_places(self, **params: Any) -> Iterator[m.Place]:
        return self._iterate(self.places, params)

    def place(self, id: str, **params: Any) -> m.Place:
        return self._get(self._path("/v1/places/{}", id), params)["data"]

    # ---- calculations (pure: nothing is stored, so retrying a POST is safe)
    def route(self, request: m.RouteRequest) -> m.Route:
        return self._post("/v1/routes", request)["data"]

    def get_route(self, params: Optional[Mapping[str, Any]] = None, **more: Any) -> m.Route:
        """The same route by GET, cacheable by browsers and CDNs. Query parameters as a dict (``from`` is a
        Python keyword) and/or keywords: ``get_route({"from": "DV", "to": "CCT"}, mode="step-free")``."""
        return self._get("/v1/routes", dict(params or {}, **more))["data"]

    def gap_plan(self, request: m.GapPlanRequest) -> m.GapPlan:
        return self._post("/v1/gaps/plan", request)["data"]

    # ---- data versions for offline use
    def datasets(self, **params: Any) -> m.GetV1DatasetsResponse:
        """Data versions the server holds, each file with bytes, sha256 and download URL."""
        return self._get("/v1/datasets", params)

    def dataset_file(self, data_version: str, file: str) -> bytes:
        """One file of a data version, byte for byte (``file`` = its ``name`` in datasets()); check its sha256."""
        return self._get_bytes(self._path("/v1/datasets/{}/{}", data_version, file))

    # ---- plumbing
    @staticmethod
    def _path(template: str, *args: str) -> str:
        """Fills path parameters. An empty, "." or ".." parameter cannot be sent (it would change the path,
        e.g. building("") would fetch the list): CampusError before any request."""
        for a in args:
            if str(a) in ("", ".", ".."):
                raise CampusError('path parameter must not be empty, "." or ".." (got %r)' % (a,))
        return template.format(*(urllib.parse.quote(str(a), safe="") for a in args))

    def _iterate(self, page: Callable[..., Any], params: Dict[str, Any]) -> Iterator[Any]:
        query = dict({"limit": 100}, **params)
        while True:
            result = page(**query)
            for item in result["data"]:
                yield item
            next_offset = result["meta"].get("pagination", {}).get("nextOffset")
            if next_offset is None:
                return
            query["offset"] = next_offset

    def url(self, path: str, params: Optional[Mapping[str, Any]] = None) -> str:
        """URL for ``path`` and query ``params`` (None values are left out; booleans as true/false)."""
        pairs = [(k, _query_value(v)) for k, v in (params or {}).items() if v is not None]
        return self.base_url + path + ("?" + urllib.parse.urlencode(pairs) if pairs else "")

    def _get(self, path: str, params: Optional[Mapping[str, Any]] = None) -> Any:
        return _json(self._request("GET", self.url(path, params), None))

    def _get_bytes(self, path: str, params: Optional[Mapping[str, Any]] = None) -> bytes:
        return self._request("GET", self.url(path, params), None, accept="*/*")[2]

    def _post(self, path: str, body: Any) -> Any:
        data = json.dumps(body, ensure_ascii=False).encode("utf-8")
        return _json(self._request("POST", self.url(path), data))

    def _request(self, method: str, url: str, body: Optional[bytes], accept: str = "application/json") -> Raw:
        """Sends with retries; returns the 2xx answer or raises the last CampusError."""
        retry = 0
        while True:
            try:
                status, headers, data = self._attempt(method, url, body, accept)
                if 200 <= status < 300:
                    return status, headers, data
                failure: CampusError = api_error(status, headers, data, parse_retry_after(headers.get("Retry-After")))
            except CampusError as err:
                failure = err
            if retry >= self.retries or not is_retryable(failure):
                raise failure
            self._sleep(retry_delay(failure, retry, self.retry_base, self.max_retry_delay))
            retry += 1

    def _attempt(self, method: str, url: str, body: Optional[bytes], accept: str) -> Raw:
        headers = {"Accept": accept, "User-Agent": self.user_agent}
        if body is not None:
            headers["Content-Type"] = "application/json"
        req = urllib.request.Request(url, data=body, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as res:
                return res.status, res.headers, res.read()
        except urllib.error.HTTPError as err:
            try:
                data = err.read()
            except (OSError, HTTPException):
                data = b""
            return err.code, err.headers, data
        except urllib.error.URLError as err:
            if isinstance(err.reason, socket.timeout):
                raise CampusTimeoutError(self.timeout) from err
            raise CampusNetworkError("%s %s failed: %s" % (method, url, err.reason)) from err
        except socket.timeout as err:
            raise CampusTimeoutError(self.timeout) from err
        except (OSError, HTTPException) as err:
            raise CampusNetworkError("%s %s failed: %s" % (method, url, err)) from err


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _json(raw: Raw) -> Any:
    try:
        return json.loads(raw[2].decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as err:
        raise CampusError("expected JSON, got %r" % raw[2][:80]) from err
