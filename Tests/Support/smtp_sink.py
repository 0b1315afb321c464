"""A real SMTP server for the mail tests: aiosmtpd on 127.0.0.1, recording what it receives.

Started by the Swift helper SMTPSink (Tests/CampusCalTestSupport/SMTPSink.swift); by hand:

  .venv/bin/python Tests/Support/smtp_sink.py --messages /tmp/received.jsonl \
      [--auth USER:PASSWORD] [--tls starttls|implicit --cert-dir DIR] [--lifetime SECONDS]

Prints the port it listens on, alone on a line, once it accepts connections. Each message it
accepts becomes one JSON line in the --messages file: the envelope (mail_from, rcpt_tos), the raw
data, and what Python's email package reads from it (decoded subject and body, headers, defects),
so the tests check CampusCal's rendering against an independent parser.

Recipients whose local part is "reject" get "550 5.1.1"; those whose local part is "later" get
"451 4.3.0", so the tests can see permanent and temporary refusals.
With --tls, a self-signed certificate for 127.0.0.1 and localhost is made with openssl in the
--cert-dir (cert.pem, key.pem), and STARTTLS is offered (starttls) or TLS starts with the
connection (implicit, as on port 465). With --auth, AUTH PLAIN is required.
"""

import argparse
import asyncio
import email
import email.policy
import json
import os
import ssl
import subprocess
import sys
import warnings

from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword


class RecordingHandler:
    def __init__(self, path):
        self.path = path

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        local = address.split("@", 1)[0].lower()
        if local == "reject":
            return f"550 5.1.1 <{address}>: Recipient address rejected: User unknown"
        if local == "later":
            return f"451 4.3.0 <{address}>: Mailbox busy, try again later"
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server, session, envelope):
        raw = envelope.original_content or envelope.content
        message = email.message_from_bytes(raw, policy=email.policy.default)
        record = {
            "mail_from": envelope.mail_from,
            "rcpt_tos": envelope.rcpt_tos,
            # latin-1 maps each byte to one character, so the raw bytes survive JSON exactly.
            "raw": raw.decode("latin-1"),
            "tls": session.ssl is not None,
            "authenticated": bool(session.authenticated),
            "headers": {name: str(value) for name, value in message.items()},
            "subject": str(message["subject"]),
            "content_type": message.get_content_type(),
            "charset": message.get_content_charset(),
            "body": message.get_content(),
            "defects": [type(defect).__name__ for defect in message.defects]
            + [type(defect).__name__ for value in message.values() for defect in getattr(value, "defects", ())],
        }
        with open(self.path, "a", encoding="utf-8") as file:
            file.write(json.dumps(record) + "\n")
        return "250 2.0.0 Message accepted for delivery"


def make_certificate(directory):
    os.makedirs(directory, exist_ok=True)
    cert, key = os.path.join(directory, "cert.pem"), os.path.join(directory, "key.pem")
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
         "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=localhost",
         "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
        check=True, capture_output=True)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    return context


def make_authenticator(user, password):
    def authenticate(server, session, envelope, mechanism, auth_data):
        ok = isinstance(auth_data, LoginPassword) and auth_data.login.decode() == user and auth_data.password.decode() == password
        return AuthResult(success=ok, handled=False)
    return authenticate


async def serve(arguments):
    tls_context = make_certificate(arguments.cert_dir) if arguments.tls else None
    options = {"hostname": "sink.test"}
    if arguments.tls == "starttls":
        options["tls_context"] = tls_context
    if arguments.auth:
        user, password = arguments.auth.split(":", 1)
        options.update(authenticator=make_authenticator(user, password), auth_required=True,
                       auth_require_tls=False, auth_exclude_mechanism=["LOGIN"])
    handler = RecordingHandler(arguments.messages)
    implicit = tls_context if arguments.tls == "implicit" else None
    server = await asyncio.get_running_loop().create_server(lambda: SMTP(handler, **options), "127.0.0.1", 0, ssl=implicit)
    print(server.sockets[0].getsockname()[1], flush=True)
    # Bounded: a sink whose test crashed before stopping it goes away by itself.
    await asyncio.sleep(arguments.lifetime)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", required=True, help="file to append one JSON line per message to")
    parser.add_argument("--auth", help="USER:PASSWORD to require AUTH PLAIN with")
    parser.add_argument("--tls", choices=["starttls", "implicit"], help="offer STARTTLS, or TLS from the first byte")
    parser.add_argument("--cert-dir", help="where to make the self-signed certificate (with --tls)")
    parser.add_argument("--lifetime", type=float, default=300, help="exit after this many seconds")
    arguments = parser.parse_args()
    if arguments.tls and not arguments.cert_dir:
        parser.error("--tls needs --cert-dir")
    # AUTH without TLS is what the plain AUTH test wants; aiosmtpd's warning about it is noise here.
    warnings.filterwarnings("ignore", message="Requiring AUTH while not requiring TLS")
    open(arguments.messages, "a").close()
    try:
        asyncio.run(serve(arguments))
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
