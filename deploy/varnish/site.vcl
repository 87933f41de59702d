# Varnish in front of the site's instances, purged by tag (docs/decisions/031).
#
# Needs Varnish 6 or 7 and the xkey vmod (Debian: apt-get install varnish varnish-modules). The
# instances are named in backends.vcl, beside this file or on vcl_path (see backends.example.vcl);
# start with e.g.  varnishd -a :80 -f /etc/varnish/site.vcl -p vcl_path=/etc/varnish -s malloc,1g
# and set CDN_PURGE=varnish, VARNISH_PURGE_URLS=http://<this varnish>:80 on every instance.
#
# - The origin tags every answer a shared cache may keep with an `xkey` header (the page, the
#   listings and stories it shows, its domain and language). Only tagged answers are kept; the
#   header is removed before the answer reaches a visitor.
# - A publish sends `PURGE` with the tags in `xkey-purge` (`xkey-soft: 1`: marked stale and
#   refetched, instead of removed), from the addresses in the `purgers` ACL only.
# - Signed-in editors (the authToken cookie, a Bearer token) and draft links are passed to the
#   origin, never looked up or stored; the origin also marks those answers `private, no-store`.
vcl 4.1;

import std;
import xkey;
import directors;

# The instances, as `backend` definitions and a round-robin director `origin` made in vcl_init.
include "backends.vcl";

# Who may purge: the instances. Add their addresses when they run on other machines.
acl purgers {
    "localhost";
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    set req.backend_hint = origin.backend();

    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (!req.http.xkey-purge) {
            return (synth(400, "An xkey-purge header names the tags to purge"));
        }
        if (req.http.xkey-soft == "1") {
            set req.http.n-gone = xkey.softpurge(req.http.xkey-purge);
        } else {
            set req.http.n-gone = xkey.purge(req.http.xkey-purge);
        }
        return (synth(200, "Purged " + req.http.n-gone));
    }

    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # Editors (a session cookie or token) and draft links: always the origin's own answer.
    if (req.http.Authorization || req.http.Cookie ~ "(^|;\s*)authToken=") {
        set req.http.X-Pass = "session";
        return (pass);
    }
    if (req.url ~ "[?&]draft=") {
        set req.http.X-Pass = "draft";
        return (pass);
    }
    # An API call with any cookie may be personal: passed. Pages vary only by the consent cookie
    # (their Content-Security-Policy names the consent-bound third parties): every other cookie is
    # dropped, so one copy serves every visitor who made the same choice.
    if (req.url ~ "^/api/" && req.http.Cookie) {
        set req.http.X-Pass = "cookie";
        return (pass);
    }
    if (req.http.Cookie ~ "(^|;\s*)consent=accepted(;|$)") {
        set req.http.Cookie = "consent=accepted";
    } else {
        unset req.http.Cookie;
    }
    return (hash);
}

sub vcl_backend_response {
    # Only what the origin tagged is kept: anything else is someone's own or was never meant to be
    # shared (its Cache-Control says so too), and no purge could name it.
    if (!beresp.http.xkey) {
        set beresp.uncacheable = true;
        set beresp.ttl = 1s;
        return (deliver);
    }
    # A copy the origin knows is outdated (s-maxage=0: served while it renders the page again) is
    # passed on without being kept, briefly, so the next request fetches the fresh one.
    if (beresp.ttl <= 0s) {
        set beresp.uncacheable = true;
        set beresp.ttl = 1s;
        return (deliver);
    }
    # Otherwise the origin's s-maxage, and its stale-while-revalidate as grace; then the built-in
    # rules (no Set-Cookie, no private/no-store).
}

sub vcl_deliver {
    if (req.http.X-Pass) {
        set resp.http.X-CDN-Cache = "PASS";
    } else if (obj.uncacheable) {
        set resp.http.X-CDN-Cache = "UNCACHEABLE";
    } else if (obj.hits > 0) {
        set resp.http.X-CDN-Cache = "HIT";
    } else {
        set resp.http.X-CDN-Cache = "MISS";
    }
    unset resp.http.xkey;
}
