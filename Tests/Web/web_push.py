"""Web Push from the real server to a push-service double (issue #30; RFC 8030, 8291, 8292).

`campuscal serve` on a fresh database, allowed to push to 127.0.0.1, and in this process a push
service double (http.server on 127.0.0.1) that keeps every message it is sent and answers 201, or
410 for endpoints marked gone. The script plays the browser: it makes each subscription the way
`PushManager.subscribe()` does (a P-256 key pair and a 16-byte auth secret) and gives the server
its `toJSON()`; it then decrypts what the server pushes with that private key.

1. The VAPID public key (GET /api/v1/push/public-key) is a 65-byte uncompressed P-256 point;
   the service worker is served with `Service-Worker-Allowed: /`.
2. Subscribing: 201, the same endpoint again 200 with the same id (and the new keys), listed;
   refused with a 4xx problem: a private address outside the allowed networks, plain http to a
   public address, ftp, keys of the wrong length or not on the curve; at most 20 per person
   (409); another person cannot delete one (404); DELETE answers 204.
3. Ben invites Ada: her push service gets one POST with TTL, Urgency, Content-Encoding aes128gcm
   and `Authorization: vapid t=<JWT>, k=<key>`. The JWT is ES256, signed by that key (the one
   the API publishes), `aud` the push service's origin, `exp` within 24 h, `sub` the contact set;
   the body is one aes128gcm record (rs 4096, a fresh ephemeral key and salt each time) that
   decrypts, with the subscription's private key and auth secret, to the notice in her inbox.
   The subscription's lastDeliveredAt is then set.
4. Her push service answers 410 Gone: the server deletes the subscription.
5. Nobody else is pushed to: not Ben (no subscription), not Cyd while her notifications are off
   (her inbox still gets the notice); once she turns them on again, she is.

The crypto helpers are checked without a server by `--self-test` (RFC 8291's own example, and a
message encrypted and signed here as a server would).
Prints `web push: N passed, M failed` last; exits non-zero on any failure.

    CAMPUSCAL_BIN=.build/debug/campuscal .venv-web/bin/python Tests/Web/web_push.py
    .venv-web/bin/python Tests/Web/web_push.py --self-test
"""

from __future__ import annotations

import base64
import datetime
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.error
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature, encode_dss_signature
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Tests" / "Contract"))
from run_contract_tests import Tally, free_port, http  # noqa: E402  (stdlib-only helpers)

import campuscal_process  # noqa: E402  (Tests/Web: the server's start and stop)

PASSWORD = "Push-Passw0rd!"
ZONE = "America/Denver"
CONTACT = "mailto:it@campus.example.edu"
WAIT = 10.0  # seconds a push (or a deletion after 410) may take


def log(message: str) -> None:
    print(f"[push] {message}", flush=True)


def check(tally: Tally, name: str, condition: bool, why: str = "") -> bool:
    if condition:
        tally.ok(name)
    else:
        tally.fail(name, why)
    return bool(condition)


# --- base64url and the crypto a browser and a push service would do --------------------------------


def b64u(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64u(text: str) -> bytes:
    if not re.fullmatch(r"[A-Za-z0-9_-]*", text):
        raise ValueError(f"not unpadded base64url: {text[:40]!r}")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def p256_point(raw: bytes) -> ec.EllipticCurvePublicKey:
    """The P-256 public key in 65 uncompressed bytes; ValueError for anything else."""
    if len(raw) != 65 or raw[0] != 4:
        raise ValueError(f"not an uncompressed P-256 point ({len(raw)} bytes, first {raw[:1].hex()})")
    return ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), raw)  # checks it is on the curve


def raw_public(key: ec.EllipticCurvePrivateKey | ec.EllipticCurvePublicKey) -> bytes:
    public = key.public_key() if isinstance(key, ec.EllipticCurvePrivateKey) else key
    return public.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)


class BrowserSubscription:
    """What PushManager.subscribe() makes: a key pair and an auth secret, for one endpoint."""

    def __init__(self, endpoint: str) -> None:
        self.endpoint = endpoint
        self.rotate()

    def rotate(self) -> None:
        self.private_key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)

    def to_json(self) -> dict:
        return {"endpoint": self.endpoint, "expirationTime": None,
                "keys": {"p256dh": b64u(raw_public(self.private_key)), "auth": b64u(self.auth)}}


def parse_vapid(authorization: str) -> tuple[str, str]:
    """(t, k) of `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292 §3); ValueError otherwise."""
    m = re.fullmatch(r"\s*vapid\s+(.*)", authorization or "", re.IGNORECASE | re.DOTALL)
    if not m:
        raise ValueError(f"not the vapid scheme: {authorization[:60]!r}")
    params = {}
    for part in m.group(1).split(","):
        name, sep, value = part.strip().partition("=")
        if not sep:
            raise ValueError(f"not name=value: {part.strip()[:40]!r}")
        params[name.strip().lower()] = value.strip().strip('"')
    if "t" not in params or "k" not in params:
        raise ValueError(f"needs t= and k=, has {sorted(params)}")
    return params["t"], params["k"]


def verify_jwt(token: str, public_key: ec.EllipticCurvePublicKey) -> tuple[dict, dict]:
    """(header, claims) of an ES256 JWS signed by `public_key`; ValueError when it is not."""
    parts = token.split(".")
    if len(parts) != 3:
        raise ValueError(f"a JWS has 3 parts, this has {len(parts)}")
    header, claims = json.loads(unb64u(parts[0])), json.loads(unb64u(parts[1]))
    if header.get("alg") != "ES256":
        raise ValueError(f"alg is {header.get('alg')!r}, not ES256")
    signature = unb64u(parts[2])
    if len(signature) != 64:  # JWS ES256 is r || s, 32 bytes each (RFC 7518 §3.4), not DER
        raise ValueError(f"an ES256 signature is 64 bytes (r||s), this is {len(signature)}")
    der = encode_dss_signature(int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big"))
    try:
        public_key.verify(der, f"{parts[0]}.{parts[1]}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        raise ValueError("the signature does not verify with k") from None
    return header, claims


def aes128gcm_header(body: bytes) -> dict:
    """The aes128gcm content-coding header (RFC 8188 §2.1): salt, rs, keyid."""
    if len(body) < 21:
        raise ValueError(f"{len(body)} bytes is shorter than the aes128gcm header")
    rs, idlen = struct.unpack("!LB", body[16:21])
    return {"salt": body[:16], "rs": rs, "keyid": body[21:21 + idlen], "header_length": 21 + idlen}


def decrypt_push(body: bytes, subscription: BrowserSubscription) -> bytes:
    """What the browser does with a push message (RFC 8291): the plaintext, or an exception."""
    return http_ece.decrypt(body, private_key=subscription.private_key, auth_secret=subscription.auth, version="aes128gcm")


# --- the push-service double ---------------------------------------------------------------------------


class PushService:
    """A push service (RFC 8030) on 127.0.0.1: keeps each message; 201 Created, or 410 for gone paths."""

    def __init__(self) -> None:
        self.messages: list[dict] = []
        self.gone: set[str] = set()
        self.changed = threading.Condition()
        double = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self) -> None:  # noqa: N802
                if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
                    body = b""
                    while True:
                        size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                        if size == 0:
                            while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                                pass
                            break
                        body += self.rfile.read(size)
                        self.rfile.readline()
                else:
                    body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                path = urllib.parse.urlsplit(self.path).path
                status = 410 if path in double.gone else 201
                with double.changed:
                    double.messages.append({"path": path, "headers": {k.lower(): v for k, v in self.headers.items()},
                                            "body": body, "status": status, "at": time.time()})
                    number = len(double.messages)
                    double.changed.notify_all()
                self.send_response(status)
                if status == 201:
                    self.send_header("Location", f"{double.origin}/message/{number}")
                self.send_header("Content-Length", "0")
                self.end_headers()

            def do_GET(self) -> None:  # noqa: N802
                self.send_response(405)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format: str, *args) -> None:  # noqa: A002  quiet
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def endpoint(self, name: str) -> str:
        return f"{self.origin}/push/{name}"

    def to(self, name: str) -> list[dict]:
        with self.changed:
            return [m for m in self.messages if m["path"] == f"/push/{name}"]

    def wait_for(self, name: str, count: int, timeout: float = WAIT) -> dict | None:
        """The `count`-th message to /push/<name>, waiting up to `timeout` s; None if it does not come."""
        deadline = time.monotonic() + timeout
        with self.changed:
            while True:
                mine = [m for m in self.messages if m["path"] == f"/push/{name}"]
                if len(mine) >= count:
                    return mine[count - 1]
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self.changed.wait(left)

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


# --- the server ----------------------------------------------------------------------------------------


class Stack:
    def __init__(self, binary: Path, work: Path) -> None:
        self.binary, self.work = binary, work
        self.database = work / "campuscal.sqlite"
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        settings = {
            "server.web_directory": str(REPO / "web"),  # to check how sw.js is served
            "notifications.push_allowed_private_networks": "127.0.0.1/32",
            "notifications.push_contact": CONTACT,
        }
        self.process = campuscal_process.start(self.binary, self.work, self.port, settings)

    def log_tail(self, lines: int = 30) -> str:
        try:
            return "\n".join((self.work / "server.log").read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def stop(self) -> None:
        campuscal_process.stop(self.process)

    def api(self, method: str, path: str, body: dict | None = None, token: str | None = None):
        return http(method, self.base + "/api/v1" + path, body, token=token)

    def person(self, username: str) -> str:
        status, _, answer = self.api("POST", "/auth/register", {"username": username, "password": PASSWORD, "timeZone": ZONE})
        if status != 201:
            raise RuntimeError(f"registering {username}: {status} {answer}")
        status, _, answer = self.api("POST", "/auth/login", {"username": username, "password": PASSWORD})
        if status != 200:
            raise RuntimeError(f"signing {username} in: {status} {answer}")
        return answer["token"]


def is_problem(answer: tuple) -> bool:
    status, headers, _ = answer
    return 400 <= status < 500 and (headers.get("Content-Type") or "").startswith("application/problem+json")


def rfc3339(text) -> bool:
    try:
        return isinstance(text, str) and datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).tzinfo is not None
    except ValueError:
        return False


# --- the checks ----------------------------------------------------------------------------------------


def public_key(stack: Stack, token: str, tally: Tally) -> ec.EllipticCurvePublicKey | None:
    status, _, answer = stack.api("GET", "/push/public-key", token=token)
    key = None
    try:
        raw = unb64u(answer["publicKey"])
        key = p256_point(raw)
        why = ""
    except Exception as error:  # noqa: BLE001  (reported)
        why = f"{status} {answer}: {error}"
    check(tally, "GET /push/public-key answers the VAPID key: 65 bytes, uncompressed, on P-256, base64url without padding",
          status == 200 and key is not None, why)
    check(tally, "GET /push/public-key needs a session (401 without the bearer token)", stack.api("GET", "/push/public-key")[0] == 401)
    return key


def service_worker_served(stack: Stack, tally: Tally) -> None:
    status, _, page = http("GET", stack.base + "/")
    text = page.decode(errors="replace") if isinstance(page, bytes) else str(page)
    m = re.search(r'src="(/assets/[^/"]+)/js/app\.js"', text)
    if not check(tally, "the page names its asset prefix", status == 200 and m is not None, f"{status}"):
        return
    status, headers, _ = http("GET", stack.base + m.group(1) + "/sw.js")
    check(tally, "sw.js is served under the asset prefix with Service-Worker-Allowed: / and a JavaScript type",
          status == 200 and headers.get("Service-Worker-Allowed") == "/" and "javascript" in (headers.get("Content-Type") or ""),
          f"{status}, Service-Worker-Allowed {headers.get('Service-Worker-Allowed')!r}, Content-Type {headers.get('Content-Type')!r}")


def subscribing(stack: Stack, push: PushService, ada: str, ben: str, dan: str, tally: Tally) -> tuple[BrowserSubscription, str | None]:
    sub = BrowserSubscription(push.endpoint("ada-1"))
    status, _, first = stack.api("POST", "/me/push-subscriptions", sub.to_json(), ada)
    check(tally, "a browser's subscription is taken: 201 with id, endpoint, createdAt",
          status == 201 and isinstance(first, dict) and first.get("id") and first.get("endpoint") == sub.endpoint and rfc3339(first.get("createdAt")),
          f"{status} {first}")
    sid = first.get("id") if isinstance(first, dict) else None
    sub.rotate()  # the browser subscribes again with new keys (its storage was cleared): the same endpoint
    status, _, again = stack.api("POST", "/me/push-subscriptions", sub.to_json(), ada)
    check(tally, "the same endpoint again answers 200 with the same id", status == 200 and isinstance(again, dict) and again.get("id") == sid,
          f"{status} {again}")
    status, _, listed = stack.api("GET", "/me/push-subscriptions", token=ada)
    items = listed.get("items", []) if isinstance(listed, dict) else []
    check(tally, "GET /me/push-subscriptions lists it once, not yet delivered to",
          status == 200 and [(i.get("id"), i.get("endpoint"), i.get("lastDeliveredAt", "absent")) for i in items] == [(sid, sub.endpoint, None)],
          f"{status} {listed}")

    # The refused ones on an endpoint of their own: one taken by mistake must not replace Ada's keys.
    good = BrowserSubscription(push.endpoint("ada-refused")).to_json()
    not_on_curve = b"\x04" + b"\x01" * 64

    def variant(endpoint=None, p256dh=None, auth=None) -> dict:
        body = json.loads(json.dumps(good))
        if endpoint is not None:
            body["endpoint"] = endpoint
        if p256dh is not None:
            body["keys"]["p256dh"] = p256dh
        if auth is not None:
            body["keys"]["auth"] = auth
        return body

    compressed = unb64u(good["keys"]["p256dh"])
    compressed = bytes([2 + (compressed[-1] & 1)]) + compressed[1:33]
    for what, body in [
        ("an endpoint on a private address outside the allowed networks (http://192.168.1.10/push)", variant("http://192.168.1.10/push")),
        ("plain http to a public address (http://93.184.215.14/push)", variant("http://93.184.215.14/push")),
        ("an ftp endpoint", variant("ftp://127.0.0.1/push/ada-ftp")),
        ("an endpoint that is not a URL", variant("not a url")),
        ("a p256dh of the wrong length (a 33-byte compressed point)", variant(p256dh=b64u(compressed))),
        ("a p256dh of 65 bytes that is not a point on P-256", variant(p256dh=b64u(not_on_curve))),
        ("an auth secret of the wrong length (8 bytes)", variant(auth=b64u(os.urandom(8)))),
        ("a subscription without keys", {"endpoint": push.endpoint("ada-nokeys"), "expirationTime": None}),
    ]:
        answer = stack.api("POST", "/me/push-subscriptions", body, ada)
        check(tally, f"refused with a 4xx problem: {what}", is_problem(answer), f"{answer[0]} {answer[1].get('Content-Type')} {answer[2]}")
        if answer[0] in (200, 201) and isinstance(answer[2], dict) and answer[2].get("id"):  # taken after all: out of the way
            stack.api("DELETE", f"/me/push-subscriptions/{urllib.parse.quote(answer[2]['id'], safe='')}", token=ada)

    # A literal public address, so the check needs no DNS; it is removed at once and never pushed to.
    public = {"endpoint": "https://93.184.215.14/push/dan-public", "expirationTime": None,
              "keys": BrowserSubscription("x").to_json()["keys"]}
    status, _, made = stack.api("POST", "/me/push-subscriptions", public, dan)
    check(tally, "an https endpoint on a public address is taken", status == 201, f"{status} {made}")
    if status == 201:
        check(tally, "DELETE /me/push-subscriptions/{id} answers 204", stack.api("DELETE", f"/me/push-subscriptions/{made['id']}", token=dan)[0] == 204)

    if sid:
        answer = stack.api("DELETE", f"/me/push-subscriptions/{urllib.parse.quote(sid, safe='')}", token=ben)
        check(tally, "another person cannot delete it (404)", answer[0] == 404, f"{answer[0]} {answer[2]}")
        status, _, theirs = stack.api("GET", "/me/push-subscriptions", token=ben)
        check(tally, "nor see it", status == 200 and theirs == {"items": []}, f"{status} {theirs}")

    # At most 20 browsers per person.
    made_ids, statuses = [], []
    for n in range(20):
        status, _, answer = stack.api("POST", "/me/push-subscriptions", BrowserSubscription(push.endpoint(f"dan-{n}")).to_json(), dan)
        statuses.append(status)
        if status == 201:
            made_ids.append(answer["id"])
    check(tally, "20 browsers for one person are taken", statuses == [201] * 20, f"{statuses}")
    answer = stack.api("POST", "/me/push-subscriptions", BrowserSubscription(push.endpoint("dan-20")).to_json(), dan)
    # 409 too-many-push-subscriptions, as for app passwords: the request is fine, the person's state refuses it.
    check(tally, "a 21st is refused with 409 too-many-push-subscriptions", answer[0] == 409 and is_problem(answer)
          and answer[2].get("code") == "too-many-push-subscriptions", f"{answer[0]} {answer[2]}")
    log(f"the 21st browser: {answer[0]} {answer[2].get('code') if isinstance(answer[2], dict) else answer[2]}")
    answer = stack.api("POST", "/me/push-subscriptions", BrowserSubscription(push.endpoint("dan-0")).to_json(), dan)
    check(tally, "at the limit, one already there may still update its keys (200)", answer[0] == 200, f"{answer[0]} {answer[2]}")
    deleted = [stack.api("DELETE", f"/me/push-subscriptions/{i}", token=dan)[0] for i in made_ids]
    status, _, left = stack.api("GET", "/me/push-subscriptions", token=dan)
    check(tally, "deleting them all leaves none", set(deleted) <= {204} and left == {"items": []}, f"{deleted} {left}")
    if made_ids:
        check(tally, "deleting one again is 404", stack.api("DELETE", f"/me/push-subscriptions/{made_ids[0]}", token=dan)[0] == 404)
    return sub, sid


def invite(stack: Stack, organiser: str, username: str, title: str) -> None:
    status, _, answer = stack.api("POST", "/invitations", {"title": title, "usernames": [username]}, organiser)
    outcomes = [r.get("outcome") for r in answer.get("results", [])] if isinstance(answer, dict) else []
    if status != 201 or outcomes != ["invited"]:
        raise RuntimeError(f"inviting {username} to {title!r}: {status} {answer}")


def inbox_notice(stack: Stack, token: str, title: str, timeout: float = WAIT) -> dict | None:
    deadline = time.monotonic() + timeout
    while True:
        status, _, inbox = stack.api("GET", "/notifications", token=token)
        found = [n for n in (inbox.get("items", []) if status == 200 else []) if title in n.get("title", "")]
        if found or time.monotonic() > deadline:
            return found[0] if found else None
        time.sleep(0.2)


def check_message(tally: Tally, label: str, message: dict, sub: BrowserSubscription, origin: str, vapid: ec.EllipticCurvePublicKey | None,
                  title: str, notice: dict | None) -> dict:
    """Every RFC 8030/8291/8292 check on one message the double got; returns what it learned."""
    headers, body = message["headers"], message["body"]
    check(tally, f"{label}: TTL 86400, Urgency normal", headers.get("ttl") == "86400" and headers.get("urgency") == "normal",
          f"TTL {headers.get('ttl')!r}, Urgency {headers.get('urgency')!r}")
    check(tally, f"{label}: Content-Encoding aes128gcm, Content-Type application/octet-stream",
          headers.get("content-encoding") == "aes128gcm" and (headers.get("content-type") or "").startswith("application/octet-stream"),
          f"{headers.get('content-encoding')!r} {headers.get('content-type')!r}")
    learned: dict = {}
    try:
        token, k = parse_vapid(headers.get("authorization", ""))
        k_key = p256_point(unb64u(k))
        same = vapid is not None and raw_public(k_key) == raw_public(vapid)
        check(tally, f"{label}: Authorization vapid t=…, k= the key GET /push/public-key answers", same, f"k={k[:20]}…")
        header, claims = verify_jwt(token, k_key)
        check(tally, f"{label}: the JWT is ES256 and its signature verifies with k", True)
        now = time.time()
        exp = claims.get("exp")
        check(tally, f"{label}: JWT aud is the push service's origin", claims.get("aud") == origin, f"aud {claims.get('aud')!r}, origin {origin}")
        check(tally, f"{label}: JWT exp is in the future and at most 24 h away", isinstance(exp, int) and now - 60 < exp <= now + 24 * 3600 + 60,
              f"exp {exp!r}, {((exp or 0) - now) / 3600:.1f} h from now")
        check(tally, f"{label}: JWT sub is the contact set ({CONTACT})", claims.get("sub") == CONTACT, f"sub {claims.get('sub')!r}")
        learned["jwt_header"] = header
    except ValueError as error:
        check(tally, f"{label}: Authorization is vapid with a JWT that verifies", False, str(error))
    try:
        info = aes128gcm_header(body)
        ephemeral = p256_point(info["keyid"])
        learned.update(salt=info["salt"], keyid=info["keyid"])
        check(tally, f"{label}: one aes128gcm record: rs 4096, keyid the server's ephemeral P-256 key, at most 4096 bytes",
              info["rs"] == 4096 and len(body) <= 4096 and len(body) - info["header_length"] <= info["rs"]
              and (vapid is None or raw_public(ephemeral) != raw_public(vapid)),
              f"rs {info['rs']}, {len(body)} bytes, keyid {len(info['keyid'])} bytes")
    except ValueError as error:
        check(tally, f"{label}: the body starts with an aes128gcm header with the server's key", False, str(error))
    try:
        payload = json.loads(decrypt_push(body, sub).decode("utf-8"))
    except Exception as error:  # noqa: BLE001  (reported)
        check(tally, f"{label}: decrypts with the subscription's keys (RFC 8291)", False, f"{type(error).__name__}: {error}")
        return learned
    check(tally, f"{label}: decrypts with the subscription's keys (RFC 8291)", True)
    learned["payload"] = payload
    link = payload.get("link")
    check(tally, f"{label}: the payload is the notice: kind invitation, its title, a body, a link path or null",
          payload.get("kind") == "invitation" and title in str(payload.get("title")) and isinstance(payload.get("body"), str)
          and (link is None or (isinstance(link, str) and link.startswith("/") and not link.startswith("//"))),
          json.dumps(payload)[:300])
    if notice:
        check(tally, f"{label}: its id is the inbox notice's", payload.get("id") == notice.get("id"), f"{payload.get('id')!r} vs {notice.get('id')!r}")
    return learned


def delivering(stack: Stack, push: PushService, ada: str, ben: str, sub: BrowserSubscription, sid: str | None,
               vapid: ec.EllipticCurvePublicKey | None, tally: Tally) -> None:
    title = "Push check: lab review"
    invite(stack, ben, "ada", title)
    notice = inbox_notice(stack, ada, title)
    check(tally, "the invitation is in Ada's inbox", notice is not None)
    message = push.wait_for("ada-1", 1)
    if not check(tally, f"Ada's push service gets a POST within {WAIT:.0f} s", message is not None, stack.log_tail(15)):
        return
    first = check_message(tally, "push 1", message, sub, push.origin, vapid, title, notice)
    if sid:
        deadline, item = time.monotonic() + 5, None
        while time.monotonic() < deadline:
            items = stack.api("GET", "/me/push-subscriptions", token=ada)[2].get("items", [])
            item = next((i for i in items if i.get("id") == sid), None)
            if item and item.get("lastDeliveredAt"):
                break
            time.sleep(0.2)
        check(tally, "after the 201 the subscription's lastDeliveredAt is set", bool(item) and rfc3339(item.get("lastDeliveredAt")), f"{item}")

    push.gone.add("/push/ada-1")
    title2 = "Push check: gone browser"
    invite(stack, ben, "ada", title2)
    message = push.wait_for("ada-1", 2)
    if check(tally, "after 410 is set, the next notice is still sent there", message is not None):
        second = check_message(tally, "push 2", message, sub, push.origin, vapid, title2, inbox_notice(stack, ada, title2))
        check(tally, "each message has its own salt and ephemeral key",
              bool(first.get("salt")) and first.get("salt") != second.get("salt") and first.get("keyid") != second.get("keyid"))
    deadline, items = time.monotonic() + WAIT, None
    while time.monotonic() < deadline:
        items = stack.api("GET", "/me/push-subscriptions", token=ada)[2].get("items")
        if items == []:
            break
        time.sleep(0.2)
    check(tally, f"the push service's 410 makes the server delete the subscription (within {WAIT:.0f} s)", items == [], f"{items}")
    check(tally, "and the notice stays in the inbox", inbox_notice(stack, ada, title2, timeout=0) is not None)


def nobody_else(stack: Stack, push: PushService, ada: str, ben: str, cyd: str, vapid: ec.EllipticCurvePublicKey | None, tally: Tally) -> None:
    # Ben has no subscription: Ada's answer puts an RSVP notice in his inbox, and nothing is pushed.
    status, _, received = stack.api("GET", "/invitations", token=ada)
    mine = [i for i in (received.get("items", []) if isinstance(received, dict) else []) if i.get("title") == "Push check: lab review"]
    if mine:
        stack.api("POST", f"/invitations/{mine[0]['id']}/respond", {"response": "accepted"}, ada)

    sub = BrowserSubscription(push.endpoint("cyd-1"))
    status, _, made = stack.api("POST", "/me/push-subscriptions", sub.to_json(), cyd)
    status_off, _, settings = stack.api("PATCH", "/me/notification-settings", {"enabled": False}, cyd)
    check(tally, "Cyd subscribes and turns notifications off", status == 201 and status_off == 200 and settings.get("enabled") is False,
          f"{status} {status_off} {settings}")
    quiet = "Push check: while off"
    invite(stack, ben, "cyd", quiet)
    check(tally, "with notifications off the notice still reaches Cyd's inbox", inbox_notice(stack, cyd, quiet) is not None)
    time.sleep(3)  # what would have been pushed has had the time the first push took and more
    check(tally, "with notifications off nothing is pushed to Cyd", push.to("cyd-1") == [], f"{len(push.to('cyd-1'))} message(s)")

    stack.api("PATCH", "/me/notification-settings", {"enabled": True}, cyd)
    loud = "Push check: back on"
    invite(stack, ben, "cyd", loud)
    message = push.wait_for("cyd-1", 1)
    if check(tally, "with notifications on again Cyd's next notice is pushed", message is not None):
        learned = check_message(tally, "push to Cyd", message, sub, push.origin, vapid, loud, inbox_notice(stack, cyd, loud))
        check(tally, "and it is that notice, not the one from while notifications were off",
              quiet not in str(learned.get("payload", {}).get("title")))
    if not mine or inbox_notice(stack, ben, "", timeout=3) is None:  # "" matches any notice
        log("Ben's inbox shows no RSVP notice; the check below still covers the invitations")
    time.sleep(1)  # anything late for Ben or Dan
    with push.changed:
        paths = sorted({m["path"] for m in push.messages})
        counts = {p: sum(1 for m in push.messages if m["path"] == p) for p in paths}
    check(tally, "nothing was pushed anywhere else (Ben, Dan, refused endpoints), and nothing twice",
          counts == {"/push/ada-1": 2, "/push/cyd-1": 1}, f"{counts}")


# --- self-test of the crypto helpers, without a server ----------------------------------------------------


def self_test(tally: Tally) -> None:
    # RFC 8291 Appendix A, byte for byte.
    ua = BrowserSubscription("https://push.example.net/push/JzLQ3raZJfFBR0aqvOMsLrt54w4rJUsV")
    ua.private_key = ec.derive_private_key(int.from_bytes(unb64u("q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"), "big"), ec.SECP256R1())
    ua.auth = unb64u("BTBZMqHH6r4Tts7J_aSIgg")
    body = unb64u("DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN")
    check(tally, "self-test: RFC 8291 Appendix A decrypts", decrypt_push(body, ua) == b"When I grow up, I want to be a watermelon")
    info = aes128gcm_header(body)
    check(tally, "self-test: its header is read (rs 4096, keyid the server's key)",
          info["rs"] == 4096 and b64u(info["keyid"]) == "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8")

    # A message made here the way the server makes one.
    push = PushService()
    try:
        sub = BrowserSubscription(push.endpoint("self"))
        vapid = ec.generate_private_key(ec.SECP256R1())
        payload = json.dumps({"id": "n1", "kind": "invitation", "title": "Invitation: Push check", "body": "b", "link": "/#/invitations"}).encode()
        encrypted = http_ece.encrypt(payload, private_key=ec.generate_private_key(ec.SECP256R1()), dh=raw_public(sub.private_key),
                                     auth_secret=sub.auth, version="aes128gcm", rs=4096)
        signing = f"{b64u(json.dumps({'typ': 'JWT', 'alg': 'ES256'}).encode())}.{b64u(json.dumps({'aud': push.origin, 'exp': int(time.time()) + 43200, 'sub': CONTACT}).encode())}"
        r, s = decode_dss_signature(vapid.sign(signing.encode(), ec.ECDSA(hashes.SHA256())))
        jwt = f"{signing}.{b64u(r.to_bytes(32, 'big') + s.to_bytes(32, 'big'))}"
        request = urllib.request.Request(sub.endpoint, data=encrypted, method="POST", headers={
            "TTL": "86400", "Urgency": "normal", "Content-Encoding": "aes128gcm", "Content-Type": "application/octet-stream",
            "Authorization": f"vapid t={jwt}, k={b64u(raw_public(vapid))}"})
        with urllib.request.urlopen(request, timeout=5) as response:
            check(tally, "self-test: the double answers 201 Created with a Location", response.status == 201 and response.headers.get("Location"))
        message = push.wait_for("self", 1, timeout=2)
        before = len(tally.failed)
        check_message(tally, "self-test", message, sub, push.origin, vapid.public_key(), "Push check", {"id": "n1"})
        check(tally, "self-test: every message check passes on a good message", len(tally.failed) == before)
        # and the checks catch what is wrong
        forged = jwt[:-4] + ("AAAA" if not jwt.endswith("AAAA") else "BBBB")
        try:
            verify_jwt(forged, vapid.public_key())
            check(tally, "self-test: a forged signature is caught", False)
        except ValueError:
            check(tally, "self-test: a forged signature is caught", True)
        try:
            decrypt_push(encrypted, BrowserSubscription("x"))
            check(tally, "self-test: other keys do not decrypt", False)
        except Exception:  # noqa: BLE001
            check(tally, "self-test: other keys do not decrypt", True)
        check(tally, "self-test: vapid header parsing tolerates spacing and case",
              parse_vapid(f'Vapid  t="{jwt}",k={b64u(raw_public(vapid))}')[0] == jwt)
        push.gone.add("/push/self")
        try:
            urllib.request.urlopen(urllib.request.Request(sub.endpoint, data=b"x", method="POST"), timeout=5)
            check(tally, "self-test: a gone path answers 410", False)
        except urllib.error.HTTPError as error:
            check(tally, "self-test: a gone path answers 410", error.code == 410)
    finally:
        push.stop()


def main() -> int:
    tally = Tally()
    started = time.monotonic()
    if "--self-test" in sys.argv[1:]:
        try:
            self_test(tally)
        except Exception as error:  # noqa: BLE001
            tally.fail("self-test ran to the end", f"{type(error).__name__}: {error}\n{traceback.format_exc()}")
        print(f"web push self-test: {len(tally.passed)} passed, {len(tally.failed)} failed", flush=True)
        return 1 if tally.failed else 0

    binary = Path(os.environ.get("CAMPUSCAL_BIN", REPO / ".build" / "debug" / "campuscal")).resolve()
    work = Path(tempfile.mkdtemp(prefix="campuscal-push-"))
    stack = Stack(binary, work)
    push = PushService()
    try:
        stack.start()
        log(f"server {stack.base}, push service {push.origin}")
        ada, ben, cyd, dan = (stack.person(name) for name in ("ada", "ben", "cyd", "dan"))
        vapid = public_key(stack, ada, tally)
        service_worker_served(stack, tally)
        sub, sid = subscribing(stack, push, ada, ben, dan, tally)
        delivering(stack, push, ada, ben, sub, sid, vapid, tally)
        nobody_else(stack, push, ada, ben, cyd, vapid, tally)
    except Exception as error:  # a step stopped: say where, keep going to the summary
        where = traceback.extract_tb(error.__traceback__)
        tally.fail("web push ran to the end", f"{str(error).splitlines()[0] if str(error) else type(error).__name__} "
                   f"(at {', '.join(f'{frame.name}:{frame.lineno}' for frame in where if frame.filename == __file__)})")
        log("server log tail:\n" + stack.log_tail())
    finally:
        stack.stop()
        push.stop()
        shutil.rmtree(work, ignore_errors=True)
    print(f"web push: {len(tally.passed)} passed, {len(tally.failed)} failed ({time.monotonic() - started:.0f} s)", flush=True)
    return 1 if tally.failed else 0


if __name__ == "__main__":
    sys.exit(main())
