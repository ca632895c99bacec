# Varnish (Debian's varnish package, VCL 4.1) in front of the Campus Data API.
#
# The API says what may be cached; this file only follows it:
#  - GET/HEAD responses are cached for s-maxage (else max-age); responses with no-store, private or
#    no-cache are never cached (Varnish's built-in rules), and neither are POSTs, OPTIONS, errors
#    (the API marks them no-store), /v1/places?openNow=… and the /healthz, /readyz probes.
#  - stale-while-revalidate / stale-if-error become the grace period: an expired object is answered
#    at once while one background fetch revalidates it with If-None-Match (the API's weak ETag → 304);
#    if the origin is down or fails, the stale object stays and keeps being served (stale-if-error).
#  - X-Request-Id is passed through; a cached body replays the X-Request-Id/meta.requestId of the
#    response that filled the cache (the answer is the same resource, not a new computation).
#  - Compression is done here (gzip for clients that accept it); the API sends identity bodies.
#
# `npm run cdn` starts the API and varnishd with this file on loopback ports (deploy/varnish/run.ts
# rewrites the backend port below). Add X-Cache (HIT/MISS) for debugging; remove it if unwanted.
vcl 4.1;

import std;

backend api {
    .host = "127.0.0.1";
    .port = "3000";
    .connect_timeout = 1s;
    .first_byte_timeout = 10s;
    .between_bytes_timeout = 10s;
}

sub vcl_recv {
    if (req.url ~ "^/(healthz|readyz)(\?|$)") {
        return (pass);
    }
    if (req.method == "GET" || req.method == "HEAD") {
        # The API has no sessions or credentials: never let a browser's cookies bypass the cache.
        unset req.http.Cookie;
        unset req.http.Authorization;
        # Place availability filtered by openNow changes with the clock: never cached.
        if (req.url ~ "^/v1/places/?\?(.*&)?openNow=") {
            return (pass);
        }
        # One cache entry per set of parameters, whatever their order (the API's ETag is canonical too).
        set req.url = std.querysort(req.url);
    }
    # Everything else (POST, OPTIONS, other methods) falls through to the built-in rules: pass.
}

sub vcl_hash {
    # One API host: the URL alone names the resource.
    hash_data(req.url);
    return (lookup);
}

sub vcl_backend_response {
    # Grace = the longer of stale-while-revalidate and stale-if-error (seconds in Cache-Control).
    if (beresp.http.Cache-Control ~ "stale-while-revalidate=[0-9]+") {
        set beresp.grace = std.duration(regsub(beresp.http.Cache-Control, "^.*stale-while-revalidate=([0-9]+).*$", "\1s"), 0s);
    }
    if (beresp.http.Cache-Control ~ "stale-if-error=[0-9]+" &&
        std.duration(regsub(beresp.http.Cache-Control, "^.*stale-if-error=([0-9]+).*$", "\1s"), 0s) > beresp.grace) {
        set beresp.grace = std.duration(regsub(beresp.http.Cache-Control, "^.*stale-if-error=([0-9]+).*$", "\1s"), 0s);
    }
    # Keep expired objects a while longer so that they can be revalidated with If-None-Match.
    set beresp.keep = 1d;
    if (beresp.http.Content-Type ~ "^application/json") {
        set beresp.do_gzip = true;
    }
    # No return here: the built-in rules run next (no-store/private/no-cache → not cached).
}

sub vcl_backend_error {
    # A failed background revalidation must not replace the stale object with an error (stale-if-error).
    if (bereq.is_bgfetch) {
        return (abandon);
    }
}

sub vcl_deliver {
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
    # Browsers may read it (the API exposes X-Request-Id, ETag… the same way).
    set resp.http.Access-Control-Expose-Headers = resp.http.Access-Control-Expose-Headers + ", Age, X-Cache";
}
